import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../server/catalogue/csv.ts';

const fields = (text: string) => parseCsv(text).records.map((r) => r.fields);

describe('parseCsv', () => {
  it.each([
    [
      'plain LF records',
      'a,b\n1,2\n',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'CRLF records without a final newline',
      'a,b\r\n1,2',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'a leading BOM',
      '\ufeffa,b\n1,2',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    ['a quoted comma', '"x, y",2', [['x, y', '2']]],
    ['doubled quotes', '"say ""hi""",2', [['say "hi"', '2']]],
    ['a line break inside quotes', '"two\r\nlines",2\n', [['two\r\nlines', '2']]],
    ['empty fields, quoted and not', ',"",x,', [['', '', 'x', '']]],
    ['blank lines', 'a\n\n\r\nb\n', [['a'], ['b']]],
    ['a lone CR as a record end', 'a\rb', [['a'], ['b']]],
    ['spaces kept as data', ' a , b ', [[' a ', ' b ']]],
    ['Unicode', 'StatTrak™ ★ Ж,€', [['StatTrak™ ★ Ж', '€']]],
  ])('reads %s', (_what, text, expected) => {
    expect(parseCsv(text).error).toBeNull();
    expect(fields(text)).toEqual(expected);
  });

  it('numbers records by the line they start on', () => {
    expect(parseCsv('h\n"a\nb"\nc').records.map((r) => r.line)).toEqual([1, 2, 4]);
  });

  it.each([
    ['an unclosed quote', 'a\n"b,c\nd', 'line 2: a quoted field is never closed', [['a']]],
    ['text after a closing quote', 'a\n"b"c,d', 'line 2: unexpected text after a closing quote', [['a']]],
    ['a quote inside an unquoted field', 'a\nb"c', 'line 2: a quote inside an unquoted field', [['a']]],
  ])('stops at %s and says where', (_what, text, error, before) => {
    const r = parseCsv(text);
    expect(r.error).toContain(error);
    expect(r.records.map((x) => x.fields)).toEqual(before);
  });
});
