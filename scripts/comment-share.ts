/**
 * `npx tsx scripts/comment-share.ts [dir...] [--max 20]`: the share of comment characters (`//` and `/* *\/`) in
 * the TypeScript of src/ and server/, per file and in total. String, template and regex literals are skipped, so
 * a `//` inside a URL is code. With --max, exits 1 when the total share is above that percentage.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Characters of comments and of everything in one source text. */
export interface Share {
  comment: number;
  total: number;
}

/** After these characters a `/` starts a regex literal, not a division. */
const BEFORE_REGEX = new Set('(,=:[!&|?{};~+-*%<>^'.split(''));
const KEYWORDS_BEFORE_REGEX = /(?:^|[^\w$])(?:return|typeof|case|do|else|in|of|new|delete|void|throw|yield|await)$/;

/** Counts the comment characters of one TypeScript source (the comment markers included). */
export function commentShare(source: string): Share {
  let comment = 0;
  let i = 0;
  let last = '';
  // Open template literals: the brace depth at which each one's `${` was entered.
  const templates: number[] = [];
  let depth = 0;
  const n = source.length;
  const skipQuoted = (quote: string) => {
    for (i++; i < n && source[i] !== quote && source[i] !== '\n'; i++) if (source[i] === '\\') i++;
    i++;
  };
  const skipTemplate = () => {
    for (; i < n; i++) {
      if (source[i] === '\\') i++;
      else if (source[i] === '`') return void i++;
      else if (source[i] === '$' && source[i + 1] === '{') {
        templates.push(depth++);
        return void (i += 2);
      }
    }
  };
  while (i < n) {
    const c = source[i];
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      const stop = end < 0 ? n : end;
      comment += stop - i;
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end < 0 ? n : end + 2;
      comment += stop - i;
      i = stop;
    } else if (c === "'" || c === '"') {
      skipQuoted(c);
      last = 'a';
    } else if (c === '`') {
      i++;
      skipTemplate();
      last = 'a';
    } else if (c === '}' && templates.length && templates[templates.length - 1] === depth - 1) {
      templates.pop();
      depth--;
      i++;
      skipTemplate();
      last = 'a';
    } else if (
      c === '/' &&
      (last === '' ||
        BEFORE_REGEX.has(last) ||
        KEYWORDS_BEFORE_REGEX.test(source.slice(Math.max(0, i - 12), i).trimEnd()))
    ) {
      let inClass = false;
      for (i++; i < n && source[i] !== '\n'; i++) {
        if (source[i] === '\\') i++;
        else if (source[i] === '[') inClass = true;
        else if (source[i] === ']') inClass = false;
        else if (source[i] === '/' && !inClass) break;
      }
      i++;
      last = 'a';
    } else {
      if (c === '{') depth++;
      else if (c === '}') depth--;
      if (!/\s/.test(c)) last = c;
      i++;
    }
  }
  return { comment, total: n };
}

/** Every .ts and .tsx file under dir. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Per-file shares and the total of the given directories. */
export function measure(dirs: string[]): { files: Array<Share & { file: string }>; total: Share } {
  const files = dirs.flatMap(sources).map((file) => ({ file, ...commentShare(fs.readFileSync(file, 'utf8')) }));
  const total = files.reduce((t, f) => ({ comment: t.comment + f.comment, total: t.total + f.total }), {
    comment: 0,
    total: 0,
  });
  return { files, total };
}

const pct = (s: Share) => (s.total ? (100 * s.comment) / s.total : 0);

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const args = process.argv.slice(2);
  const maxAt = args.indexOf('--max');
  const max = maxAt >= 0 ? Number(args[maxAt + 1]) : null;
  const dirs = args.filter((_, i) => maxAt < 0 || (i !== maxAt && i !== maxAt + 1));
  const { files, total } = measure(dirs.length ? dirs : ['src', 'server']);
  for (const f of files.sort((a, b) => pct(b) - pct(a)))
    console.log(
      `${pct(f).toFixed(1).padStart(5)} %  ${String(f.comment).padStart(6)} / ${String(f.total).padStart(6)}  ${f.file}`,
    );
  console.log(
    `${pct(total).toFixed(1).padStart(5)} %  ${String(total.comment).padStart(6)} / ${String(total.total).padStart(6)}  total`,
  );
  if (max !== null && pct(total) > max) {
    console.error(`comments are ${pct(total).toFixed(1)} % of the characters, above ${max} %`);
    process.exitCode = 1;
  }
}
