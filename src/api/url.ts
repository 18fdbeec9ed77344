/**
 * The two URL helpers ofetch takes from ufo, for the page's own requests; the build gives them to ofetch in ufo's
 * place (vite.config.ts), and tests/ui/api/url.test.ts holds them to ufo's answers.
 */

const hasProtocol = (input: string) => /^[a-z][a-z\d+.-]*:/i.test(input);

/** `input` under `base` unless it is absolute or already there (ufo's withBase). */
export function withBase(input: string, base: string | undefined): string {
  if (!base || base === '/' || hasProtocol(input)) return input;
  const root = base.endsWith('/') ? base.slice(0, -1) : base;
  if (input.startsWith(root)) return input;
  return input === '' ? root : `${root}/${input.replace(/^\.?\//, '')}`;
}

/** `input` with `query` merged into its search; an undefined value drops the key (ufo's withQuery for scalars). */
export function withQuery(input: string, query: Record<string, unknown>): string {
  const hashAt = input.indexOf('#');
  const hash = hashAt >= 0 ? input.slice(hashAt) : '';
  const rest = hashAt >= 0 ? input.slice(0, hashAt) : input;
  const q = rest.indexOf('?');
  const params = new URLSearchParams(q >= 0 ? rest.slice(q + 1) : '');
  for (const [key, value] of Object.entries(query)) {
    params.delete(key);
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v));
  }
  const search = params.toString();
  return (q >= 0 ? rest.slice(0, q) : rest) + (search ? `?${search}` : '') + hash;
}
