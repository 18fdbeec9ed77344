import { describe, expect, it } from 'vitest';
import { commentShare } from '../../scripts/comment-share.ts';

describe('commentShare', () => {
  it.each([
    ['a line comment to the end of its line', 'const a = 1; // one\nconst b = 2;', '// one'],
    ['a block comment, markers included', '/** doc */\nexport const a = 1;', '/** doc */'],
    ['nothing inside a string', "const url = 'http://x/*y*/';", ''],
    ['nothing inside a template, but a comment after it', 'const t = `a // b ${x /* c */} d`; // e', '/* c */// e'],
    ['nothing inside a regex literal', 'const re = /\\/\\/[/*]/g; /* f */', '/* f */'],
    ['a division is not a regex', 'const q = a / b; // g', '// g'],
    ['a regex after return', 'function f() { return /\\/*x/.test(s); }', ''],
  ])('counts %s', (_name, source, comments) => {
    expect(commentShare(source)).toEqual({ comment: comments.length, total: source.length });
  });
});
