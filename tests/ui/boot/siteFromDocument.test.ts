import { describe, expect, it } from 'vitest';
import {
  SITE_META_NAME,
  siteFromDocument,
  TARGETS_META_NAME,
  targetsFromDocument,
} from '../../../src/site/fromDocument.ts';

const answer = {
  status: true,
  site: 'dota',
  game: 'dota',
  lang: 'en',
  currency: 'USD',
  chance_decimals: 1,
  main_site_url: '/',
  recaptcha_site_key: null,
};

function docWith(content: string | null, name = SITE_META_NAME): Document {
  const doc = document.implementation.createHTMLDocument('t');
  if (content !== null) {
    const meta = doc.createElement('meta');
    meta.name = name;
    meta.content = content;
    doc.head.append(meta);
  }
  return doc;
}

describe('siteFromDocument', () => {
  it.each([
    ['a valid answer', JSON.stringify(answer), answer],
    [
      'a ru answer with a reCAPTCHA key',
      JSON.stringify({ ...answer, site: 'ru', game: 'cs', lang: 'ru', currency: 'RUB', recaptcha_site_key: 'k' }),
      { ...answer, site: 'ru', game: 'cs', lang: 'ru', currency: 'RUB', recaptcha_site_key: 'k' },
    ],
    ['no tag (the Vite dev server)', null, null],
    ['an empty tag', '', null],
    ['broken JSON', '{"status":', null],
    ['an unknown site', JSON.stringify({ ...answer, site: 'csgo' }), null],
    ['a missing field', JSON.stringify({ ...answer, chance_decimals: undefined }), null],
    ['status false', JSON.stringify({ ...answer, status: false }), null],
  ])('%s', (_name, content, expected) => {
    expect(siteFromDocument(docWith(content))).toEqual(expected);
  });
});

describe('targetsFromDocument', () => {
  const items = [
    {
      id: 3,
      name: 'AK-47 | Redline (Field-Tested)',
      price: 4.5,
      image: '/app/public/items/3.png',
      type: 'classified',
      type_prize: 0,
    },
  ];
  it.each([
    ["the first screen's targets", JSON.stringify(items), items],
    ['no tag (a first screen without targets, the Vite dev server)', null, undefined],
    ['broken JSON', '[{"id":', undefined],
    ['not a list', JSON.stringify({ id: 3 }), undefined],
  ])('%s', (_name, content, expected) => {
    expect(targetsFromDocument(docWith(content, TARGETS_META_NAME))).toEqual(expected);
  });

  it("reads its own tag, not the variant's", () => {
    expect(targetsFromDocument(docWith(JSON.stringify(items)))).toBeUndefined();
  });
});
