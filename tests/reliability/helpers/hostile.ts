/**
 * fast-check generators of hostile request values and bodies: malformed, huge, negative, duplicated,
 * non-numeric, unicode and injection-shaped values, sent as form or JSON bodies or under odd content types.
 */
import fc from 'fast-check';

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
