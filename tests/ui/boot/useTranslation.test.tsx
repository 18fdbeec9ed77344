import { act, cleanup, render, screen } from '@testing-library/react';
import { createInstance, type i18n } from 'i18next';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nextProvider, useTranslation } from '../../../src/i18n/useTranslation.ts';

function Title() {
  const { t } = useTranslation();
  return <h1>{t('header.title' as never)}</h1>;
}

function FairTitle() {
  const { t } = useTranslation('fair');
  return <h2>{t('title' as never)}</h2>;
}

/** An instance with the page's namespace in en and ru, and a 'fair' namespace that arrives when `release` is called. */
async function instance(): Promise<{ i18n: i18n; release: () => void }> {
  let release = () => {};
  const gate = new Promise<void>((r) => (release = r));
  const i18n = createInstance();
  await i18n
    .use({
      type: 'backend',
      init() {},
      read(lang: string, ns: string, done: (err: unknown, data?: Record<string, unknown>) => void) {
        const data: Record<string, Record<string, Record<string, string>>> = {
          en: { translation: { header: { title: 'Upgrades' } as never }, fair: { title: 'Provably fair' } },
          ru: { translation: { header: { title: 'Апгрейды' } as never }, fair: { title: 'Честная игра' } },
        };
        if (ns === 'fair') void gate.then(() => done(null, data[lang][ns]));
        else done(null, data[lang][ns]);
      },
    })
    .init({
      lng: 'en',
      fallbackLng: false,
      ns: ['translation'],
      defaultNS: 'translation',
      interpolation: { escapeValue: false },
    });
  return { i18n, release };
}

afterEach(cleanup);

describe('useTranslation', () => {
  it('translates with the provided instance and re-renders when the language changes', async () => {
    const { i18n } = await instance();
    render(
      <I18nextProvider i18n={i18n}>
        <Title />
      </I18nextProvider>,
    );
    expect(screen.getByRole('heading').textContent).toBe('Upgrades');
    await act(() => i18n.changeLanguage('ru'));
    expect(screen.getByRole('heading').textContent).toBe('Апгрейды');
  });

  it('suspends a component until its namespace has loaded, then shows it', async () => {
    const { i18n, release } = await instance();
    // Rendered in an awaited act: React queues the retry after a suspension in act's queue.
    await act(async () => {
      render(
        <I18nextProvider i18n={i18n}>
          <Suspense fallback={<p>loading</p>}>
            <FairTitle />
          </Suspense>
        </I18nextProvider>,
      );
    });
    expect(screen.getByText('loading')).toBeTruthy();
    release();
    expect((await screen.findByRole('heading', {}, { timeout: 3000 })).textContent).toBe('Provably fair');
  });
});
