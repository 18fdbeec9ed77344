import { describe, expect, it } from 'vitest';
import en from '../../../src/i18n/en.json';
import fairRu from '../../../src/i18n/fair.ru.json';
import { loadMessages } from '../../../src/i18n/messages.ts';

describe('loadMessages', () => {
  it("loads a language's page strings and a feature namespace from their files", async () => {
    expect(await loadMessages('en', 'translation')).toEqual(en);
    expect(await loadMessages('ru', 'fair')).toEqual(fairRu);
  });

  it('asks for each file once: boot and i18next share the request', () => {
    expect(loadMessages('ru', 'translation')).toBe(loadMessages('ru', 'translation'));
  });

  it('answers {} for a namespace without a file', async () => {
    expect(await loadMessages('en', 'nothing')).toEqual({});
  });
});
