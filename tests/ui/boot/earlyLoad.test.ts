import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { ApiError, configureApi, request } from '../../../src/api/client.ts';
import { startPageLoad as startLoadPage } from '../../../src/api/pageLoad.ts';
import { loadPage } from '../../../src/machines/actors.ts';

/** A fetch that answers the index and me calls, counting them; `fail` makes the index answer 500. */
function fakeServer() {
  const calls: string[] = [];
  let fail = false;
  let index = 0;
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    calls.push(url);
    if (url.endsWith('/api/upgrade/index')) {
      index += 1;
      if (fail)
        return new Response(JSON.stringify({ status: false, msg: 'down' }), {
          status: 500,
          headers: { 'content-type': 'application/json' },
        });
      return Response.json({
        status: true,
        inventory: [],
        uitems: [{ id: index, name: 'A | B', price: 1, image: '/x.svg', type: 'covert', type_prize: 0 }],
      });
    }
    if (url.endsWith('/api/auth/me')) return Response.json({ status: true, user: null });
    return new Response('not json', { status: 200, headers: { 'content-type': 'text/plain' } });
  });
  return { calls, fetch, failNext: (v: boolean) => (fail = v) };
}

const run = () => toPromise(createActor(loadPage).start());

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer();
  configureApi({ baseURL: 'http://page.test', fetch: server.fetch as typeof fetch });
});
afterEach(() => configureApi({}));

describe('the first page load started at boot', () => {
  it('is taken over by the first loadPage: the index and me calls are made once, before the actor runs', async () => {
    startLoadPage();
    expect(server.calls).toHaveLength(2);
    const first = await run();
    expect(server.calls).toHaveLength(2);
    expect(first.index.uitems[0].id).toBe(1);
    expect(first.user).toBeNull();
  });

  it('serves only the first load: the next loadPage (a reload after a game) asks the server again', async () => {
    startLoadPage();
    await run();
    const second = await run();
    expect(server.calls).toHaveLength(4);
    expect(second.index.uitems[0].id).toBe(2);
  });

  it('hands a failed boot load to loadPage as its error, and a retry fetches afresh', async () => {
    server.failNext(true);
    startLoadPage();
    await new Promise((r) => setTimeout(r, 0));
    server.failNext(false);
    await expect(run()).rejects.toBeInstanceOf(ApiError);
    expect((await run()).index.uitems[0].id).toBe(2);
  });

  it('without a boot load, loadPage fetches by itself', async () => {
    await run();
    expect(server.calls.filter((u) => u.endsWith('/api/upgrade/index'))).toHaveLength(1);
  });
});

describe('response bodies', () => {
  it('parses JSON natively and gives any other body back as its text', async () => {
    expect(await request<{ user: null }>('/api/auth/me')).toEqual({ status: true, user: null });
    expect(await request<string>('/elsewhere')).toBe('not json');
  });
});
