/** The build's stand-ins for ufo's two helpers (src/api/url.ts) answer as ufo does for every request the page makes. */
import { describe, expect, it } from 'vitest';
import * as ufo from 'ufo';
import { withBase, withQuery } from '../../../src/api/url.ts';

describe("the page's URL helpers agree with ufo", () => {
  const inputs = [
    '/api/upgrade/index',
    'api/token',
    '/api/live?last_id=4',
    '',
    '/x#frag',
    'https://cdn.test/a',
    '//h/a',
  ];
  const bases = ['', '/', 'http://upgrades.test', 'http://upgrades.test/', '/upgrades', '/api'];

  it('withBase', () => {
    for (const input of inputs)
      for (const base of bases) expect(withBase(input, base), `${base} + ${input}`).toBe(ufo.withBase(input, base));
  });

  it('withQuery, for the scalar and list values the API client sends', () => {
    const queries = [
      { purpose: 'caseopen' },
      { page: 2 },
      { window: '24h', page: undefined },
      { a: 'x y&z' },
      { ids: [1, 2] },
    ];
    for (const input of ['/api/token', '/api/p?x=1', '/api/p?page=1#top', 'http://h.test/a'])
      for (const query of queries)
        expect(withQuery(input, query), `${input} ${JSON.stringify(query)}`).toBe(ufo.withQuery(input, query));
  });
});
