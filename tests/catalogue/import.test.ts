import { describe, expect, it } from 'vitest';
import { generateCatalogue } from '../../server/catalogue/generate.ts';
import { parseCatalogue } from '../../server/catalogue/import.ts';

const item = {
  name: 'AK-47 | Redline (Field-Tested)',
  priceMinor: 1250,
  type: 'classified',
  typePrize: 0,
  image: null,
};

describe('parseCatalogue (JSON)', () => {
  it.each([
    ['a number price', { price: 12.5 }, {}],
    ['a string price', { price: '12.50' }, {}],
    ['price_minor', { price_minor: 1250 }, {}],
    ['price_minor as text', { price_minor: '1250' }, {}],
    ['price and price_minor agreeing', { price: 12.5, price_minor: 1250 }, {}],
    ['a price without float error', { price: 19.99 }, { priceMinor: 1999 }],
    ['a price of one cent', { price: 0.01 }, { priceMinor: 1 }],
    ['type_prize 13', { price: 12.5, type_prize: 13 }, { typePrize: 13 }],
    ['type_prize as text', { price: 12.5, type_prize: '13' }, { typePrize: 13 }],
    [
      'an https image',
      { price: 12.5, image: 'https://cdn.example.com/a.png' },
      { image: 'https://cdn.example.com/a.png' },
    ],
    ['an empty image', { price: 12.5, image: '' }, { image: null }],
    ['a null image', { price: 12.5, image: null }, { image: null }],
    ['padding spaces in the name', { price: 12.5, name: `  ${item.name} ` }, {}],
    ['unknown keys', { price: 12.5, id: 7, rarity_colour: 'red' }, {}],
  ])('accepts %s', (_what, fields, expected) => {
    const row = { name: item.name, type: item.type, ...fields };
    expect(parseCatalogue(JSON.stringify([row]), 'json')).toEqual({ rows: [{ ...item, ...expected }], errors: [] });
  });

  it.each([
    ['a price with 3 decimals', { price: 1.234 }, 'price 1.234 is not an amount with at most 2 decimals'],
    ['a zero price', { price: 0 }, 'price must be greater than 0'],
    ['a negative price', { price: -1 }, 'price -1 is not an amount'],
    ['a price in exponent form', { price: 1e21 }, 'price 1e+21 is not an amount'],
    ['a price with a comma', { price: '1,50' }, 'price "1,50" is not an amount'],
    ['no price at all', {}, 'price is missing'],
    ['a fractional price_minor', { price_minor: 1.5 }, 'price_minor 1.5 is not a whole number'],
    ['price and price_minor disagreeing', { price: 1, price_minor: 101 }, 'price and price_minor disagree'],
    ['an empty name', { price: 1, name: ' ' }, 'name is missing'],
    ['a name of 201 characters', { price: 1, name: 'x'.repeat(201) }, 'name is longer than 200 characters'],
    ['a name that is a number', { price: 1, name: 5 }, 'name must be text'],
    ['a name with a line break', { price: 1, name: 'a\nb' }, 'name contains control characters'],
    ['no type', { price: 1, type: '' }, 'type is missing'],
    ['a negative type_prize', { price: 1, type_prize: -1 }, 'type_prize -1 is not a whole number >= 0'],
    ['a fractional type_prize', { price: 1, type_prize: 1.5 }, 'type_prize 1.5 is not a whole number >= 0'],
    [
      'a javascript: image',
      { price: 1, image: 'javascript:alert(1)' },
      'image "javascript:alert(1)" is not an http(s) URL',
    ],
    ['a relative image', { price: 1, image: '/a.png' }, 'image "/a.png" is not an http(s) URL'],
  ])('rejects %s with a row-numbered message', (_what, fields, message) => {
    const ok = { name: 'Fine', price: 1, type: 'Rare' };
    const bad = { name: item.name, type: item.type, ...fields };
    const { rows, errors } = parseCatalogue(JSON.stringify([ok, bad]), 'json');
    expect(rows.map((r) => r.name)).toEqual(['Fine']);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^row 2: /);
    expect(errors[0]).toContain(message);
  });

  it('collects every problem of a row, not just the first', () => {
    const { errors } = parseCatalogue('[{"name":"","price":"x","type":""}]', 'json');
    expect(errors).toEqual([
      'row 1: name is missing',
      'row 1: price "x" is not an amount with at most 2 decimals',
      'row 1: type is missing',
    ]);
  });

  it('keeps the first of two rows with the same name and reports the second', () => {
    const { rows, errors } = parseCatalogue(
      JSON.stringify([
        { name: 'A', price: 1, type: 'Rare' },
        { name: 'B', price: 2, type: 'Rare' },
        { name: ' A', price: 3, type: 'Rare' },
      ]),
      'json',
    );
    expect(rows.map((r) => r.priceMinor)).toEqual([100, 200]);
    expect(errors).toEqual(['row 3: duplicate name "A" (first in row 1)']);
  });

  it.each([
    ['broken JSON', '[{"name":', /^JSON: /],
    ['an object instead of an array', '{"name":"A"}', /^JSON: expected an array/],
  ])('reports %s as a file error', (_what, text, message) => {
    const { rows, errors } = parseCatalogue(text, 'json');
    expect(rows).toEqual([]);
    expect(errors).toEqual([expect.stringMatching(message)]);
  });

  it('reports an array entry that is not an object', () => {
    expect(parseCatalogue('[5, null, []]', 'json').errors).toEqual([
      'row 1: expected an item object',
      'row 2: expected an item object',
      'row 3: expected an item object',
    ]);
  });

  it('tolerates a BOM', () => {
    expect(parseCatalogue('\ufeff[{"name":"A","price":1,"type":"Rare"}]', 'json').errors).toEqual([]);
  });
});

describe('parseCatalogue (CSV)', () => {
  it('reads quoted commas and quotes, CRLF, a BOM and optional columns', () => {
    const text =
      '\ufeffname,price,type,type_prize,image\r\n' +
      '"AK-47 | Redline, ""FT""",12.50,classified,,\r\n' +
      'Souvenir P250 | Black & Tan (Well-Worn),0.03,mil_spec,13,https://cdn.example.com/p250.png\r\n';
    expect(parseCatalogue(text, 'csv')).toEqual({
      rows: [
        { name: 'AK-47 | Redline, "FT"', priceMinor: 1250, type: 'classified', typePrize: 0, image: null },
        {
          name: 'Souvenir P250 | Black & Tan (Well-Worn)',
          priceMinor: 3,
          type: 'mil_spec',
          typePrize: 13,
          image: 'https://cdn.example.com/p250.png',
        },
      ],
      errors: [],
    });
  });

  it('reads price_minor instead of price, header in any case and order', () => {
    expect(parseCatalogue('Type,Price_Minor,Name\nRare,150,Hook\n', 'csv').rows).toEqual([
      { name: 'Hook', priceMinor: 150, type: 'Rare', typePrize: 0, image: null },
    ]);
  });

  it('reports bad rows by row and line and keeps the good ones', () => {
    const text =
      'name,price,type\n' +
      'Good,1,Rare\n' +
      'Bad price,1.234,Rare\n' +
      '"Multi\nline",-2,Rare\n' +
      'Short,1\n' +
      'Good,2,Rare\n' +
      'Fine,3,Common\n';
    const { rows, errors } = parseCatalogue(text, 'csv');
    expect(rows.map((r) => r.name)).toEqual(['Good', 'Fine']);
    expect(errors).toEqual([
      'row 2 (line 3): price "1.234" is not an amount with at most 2 decimals',
      'row 3 (line 4): name contains control characters',
      'row 3 (line 4): price "-2" is not an amount with at most 2 decimals',
      'row 4 (line 6): 2 fields where the header has 3',
      'row 5 (line 7): duplicate name "Good" (first in row 1)',
    ]);
  });

  it.each([
    ['name', 'price,type\n1,Rare', "header: missing column 'name'"],
    ['price', 'name,type\nA,Rare', "header: missing column 'price (or price_minor)'"],
    ['type and price', 'name\nA', "header: missing column 'type', 'price (or price_minor)'"],
  ])('refuses a file without the %s column', (_what, text, message) => {
    expect(parseCatalogue(text, 'csv')).toEqual({ rows: [], errors: [message] });
  });

  it('refuses a header that repeats a column', () => {
    expect(parseCatalogue('name,price,type,price\nA,1,Rare,2', 'csv').errors).toEqual([
      "header: repeated column 'price'",
    ]);
  });

  it('reports an empty file', () => {
    expect(parseCatalogue('', 'csv')).toEqual({ rows: [], errors: ['CSV: no header row'] });
  });

  it('keeps the rows before broken quoting and reports where it broke, last', () => {
    const { rows, errors } = parseCatalogue('name,price,type\nA,1,Rare\nB,x,Rare\n"C,1,Rare\n', 'csv');
    expect(rows.map((r) => r.name)).toEqual(['A']);
    expect(errors).toEqual([
      'row 2 (line 3): price "x" is not an amount with at most 2 decimals',
      'CSV: line 4: a quoted field is never closed; nothing after it was read',
    ]);
  });

  it('round-trips the generated catalogue written as CSV', () => {
    const catalogue = generateCatalogue('dota', { rubPerUsd: 1 });
    const quote = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
    const text = [
      'name,price_minor,type,type_prize',
      ...catalogue.map((r) => [quote(r.name), r.priceMinor, r.type, r.typePrize].join(',')),
    ].join('\r\n');
    expect(parseCatalogue(text, 'csv')).toEqual({ rows: catalogue, errors: [] });
  });
});
