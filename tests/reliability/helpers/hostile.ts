/**
 * fast-check generators of hostile request values and bodies: malformed, huge, negative, duplicated,
 * non-numeric, unicode and injection-shaped values, sent as form or JSON bodies or under odd content types; and
 * what the server must answer to client seeds and new passwords, written from the rules.
 */
import fc from 'fast-check';
import type { MessageKey } from '../../../server/messages.ts';

/** Strings that have broken parsers, queries and templates elsewhere. */
export const NASTY = [
  '',
  ' ',
  '0',
  '-1',
  '-0',
  '00',
  '1.5',
  '1e3',
  '1e309',
  '-1e309',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x10',
  '0b1',
  '0o7',
  '9007199254740993',
  '2147483648',
  '99999999999999999999999',
  '１２',
  '١٢',
  '1\u0000',
  '\u0000',
  '\uFEFF1',
  '1\n2',
  '1,,2',
  ',',
  '1 OR 1=1',
  '1; drop table users;--',
  "' or ''='",
  '1) or (1=1',
  '$1',
  '${7*7}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '%27',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  'x1.5',
  'xx',
  'x',
  '\ud800',
  '🎲',
  'Игрок',
  'ß',
  'İ',
  '\u202e1',
  'a'.repeat(5000),
];

/** Any hostile scalar as a string (what a form field carries). */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 2, arbitrary: fc.integer({ min: -2_147_483_648, max: 2_147_483_647 }).map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String) },
);

/** Any hostile JSON value (numbers, arrays, objects, null, booleans, strings). */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileText },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc.integer(),
      fc.double(),
      fc.constant(-1),
      fc.constant(0),
      fc.constant(2 ** 53),
      fc.constant(1.5),
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false) },
  { weight: 1, arbitrary: fc.array(fc.oneof(fc.integer(), hostileText, fc.constant(null)), { maxLength: 40 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'a', '0'), fc.jsonValue({ maxDepth: 2 })),
  },
);

/** Content types a client might send, most of which the API does not speak. */
export const CONTENT_TYPES = [
  'application/x-www-form-urlencoded',
  'application/json',
  'application/json; charset=utf-8',
  'application/x-www-form-urlencoded; charset=latin1',
  'text/plain',
  'text/html',
  'application/xml',
  'multipart/form-data; boundary=fuzz',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'invalid',
];

/** A request body as bytes on the wire: a form, JSON, raw garbage, or a body over the 64 KB limit. */
export interface WireBody {
  contentType: string | null;
  payload: string;
  label: string;
}

/** Encodes fields as a form (arrays repeat the key). */
export function formOf(fields: Record<string, unknown>): string {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(fields))
    for (const one of Array.isArray(v) ? v : [v])
      form.append(k, typeof one === 'string' ? one : (JSON.stringify(one) ?? ''));
  return form.toString();
}

/** Bodies built from a fields arbitrary, under every encoding and content type. */
export function wireBodies(fields: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<WireBody> {
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fields.map((f) => ({
        contentType: 'application/x-www-form-urlencoded',
        payload: formOf(f),
        label: 'form',
      })),
    },
    {
      weight: 4,
      arbitrary: fields.map((f) => ({ contentType: 'application/json', payload: JSON.stringify(f), label: 'json' })),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(fields, fc.constantFrom(...CONTENT_TYPES), fc.boolean()).map(([f, ct, asJson]) => ({
        contentType: ct,
        payload: asJson ? JSON.stringify(f) : formOf(f),
        label: `odd:${ct}`,
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...CONTENT_TYPES, null),
          fc.oneof(
            fc.string({ maxLength: 200 }),
            fc.constantFrom('{', '[1,', '{"a":}', 'null', '"x"', '[]', '=&=&', '%%%', '\u0000'),
          ),
        )
        .map(([ct, raw]) => ({ contentType: ct, payload: raw, label: 'raw' })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('application/json', 'application/x-www-form-urlencoded').map((ct) => ({
        contentType: ct,
        payload:
          ct === 'application/json'
            ? JSON.stringify({ inventory_items: Array(20_000).fill(1), id: 'x'.repeat(70_000) })
            : `id=${'9'.repeat(70_000)}`,
        label: 'huge',
      })),
    },
  );
}

/** Characters a client seed must never carry, by kind: each shows as nothing, as a space, or reorders its neighbours. */
export const UNSEEN_CHARS: Record<string, string[]> = {
  'bidi control': [...'\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C'],
  'zero-width or format character': [...'\u200B\u200C\u200D\u2060\u2061\u2064\uFEFF\u180E\u00AD\u{E0001}\u{E0041}'],
  // Letters and marks Unicode lists as default-ignorable: fillers and selectors that render as nothing.
  'default-ignorable letter or mark': [...'\u034F\u115F\u1160\u17B4\u3164\uFFA0\u180B\uFE00\uFE0F\u{E0100}'],
  'control character': [...'\u0000\u0001\u0008\t\n\r\u001B\u001F\u007F\u0085\u009F'],
  'space other than U+0020': [...'\u00A0\u1680\u2000\u2003\u200A\u2028\u2029\u202F\u205F\u3000'],
  // One string each: two surrogates side by side would make a pair.
  'lone surrogate, private-use or unassigned code point': [
    '\uD800',
    '\uDFFF',
    '\uE000',
    '\u{F0000}',
    '\u0378',
    '\uFFFE',
  ],
};

/** Visible characters of several scripts, RTL letters and an emoji among them. */
const SEEN_CHARS = [...'AZaz09-_.~!?#$@*()[]{}<>/\\\'"`:;,|^%&+=', ...'éßЖжعאב中한€🎲√∑ñ'];

/** Text of visible characters only (spaces inside), as a player might type a seed. */
export const seenText = (opts: { minLength?: number; maxLength?: number } = {}): fc.Arbitrary<string> =>
  fc
    .string({ unit: fc.oneof(fc.constantFrom(...SEEN_CHARS), fc.constant(' ')), ...opts })
    .filter((s) => s.trim() !== '');

/** Visible text spelled out of its NFC form: decomposed accents, singletons, Hangul jamo, unordered marks. */
export const unnormalisedText: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      fc.constantFrom('é', 'ñ', 'ö', 'ệ', 'Å', 'ǻ', '가', '각', 'ῷ').map((c) => c.normalize('NFD')),
      fc.constantFrom('\u212B', '\u2126', '\u212A', '\uF900', '\u{2FA1D}', 'a\u0302\u0323', '\u1100\u1161\u11A8'),
      fc.constantFrom(...SEEN_CHARS),
    ),
    { minLength: 1, maxLength: 30 },
  )
  .map((parts) => parts.join(''));

const SEEN = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;

/** Whether a stored client seed shows as exactly what it is: 1-64 visible characters or spaces, not blank. */
export function showsAsItIs(seed: string): boolean {
  const chars = Array.from(seed);
  if (chars.length < 1 || chars.length > 64 || seed.trim() === '') return false;
  return chars.every((c) => SEEN.test(c) && !IGNORABLE.test(c));
}

/** Escapes a form value may carry that decode to no UTF-8 text, beside ones that do. */
export const PERCENT_PIECES = {
  bad: '% %z %zz %4 %G0 %C3 %FF %80 %E0%A4%A %ED%A0%80 %C0%AF %F8%88%80%80%80 %% %u0041'.split(' '),
  good: ['%41', '%20', '%C3%A9', '%E2%82%AC', '%F0%9F%8E%B2', '%25', '%2B', '%26', '%3D'],
};

/** A string with everything outside printable ASCII spelled as a code point, for failure messages. */
export const shown = (s: string) => s.replace(/[^\x20-\x7e]/gu, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);

/** What the server must do with a client seed it decoded: store its NFC form if that shows as it is, else refuse. */
export const seedOutcome = (seed: string): { refuse: MessageKey } | { stored: string } =>
  showsAsItIs(seed.normalize('NFC')) ? { stored: seed.normalize('NFC') } : { refuse: 'client_seed_invalid' };

/** The refusal a new password must get (the server's order: length and blank, then the username, then the list). */
export function passwordRefusal(username: string, password: string, common: Set<string>): MessageKey | null {
  const length = Array.from(password).length;
  if (length < 8 || length > 128 || password.trim() === '') return 'password_short';
  if (password.toLowerCase() === username.toLowerCase()) return 'password_is_username';
  return common.has(password.toLowerCase()) ? 'password_common' : null;
}

/** Each character of a text in upper or lower case. */
export const anyCase = (text: string) =>
  fc
    .array(fc.boolean(), { minLength: text.length, maxLength: text.length })
    .map((up) => [...text].map((c, i) => (up[i] ? c.toUpperCase() : c.toLowerCase())).join(''));

/** A JSON key spelled with any of its characters as a \u escape, in either case of hex digit. */
export const escapedKey = (word: string) =>
  fc.array(fc.constantFrom('plain', 'lower', 'upper'), { minLength: word.length, maxLength: word.length }).map((how) =>
    [...word]
      .map((c, i) => {
        const hex = c.charCodeAt(0).toString(16).padStart(4, '0');
        return how[i] === 'plain' ? c : `\\u${how[i] === 'upper' ? hex.toUpperCase() : hex}`;
      })
      .join(''),
  );
