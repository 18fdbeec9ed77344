import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, toPromise, waitFor } from 'xstate';
import { configureApi } from '../../src/api/client.ts';
import type { ItemDto } from '../../src/api/contract.ts';
import type { LoadOutput } from '../../src/machines/actors.ts';
import { loadPage } from '../../src/machines/actors.ts';
import { upgradeMachine } from '../../src/machines/upgradeMachine.ts';
import { csSite, inventory, uitems, user } from './fixtures.ts';

/** A server whose index answers `lists` (parsed afresh on every call, as the browser does). */
function fakeServer(lists: { inventory: ItemDto[] | null; uitems: ItemDto[] }) {
  return vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.endsWith('/api/upgrade/index')) return Response.json({ status: true, ...lists });
    if (url.endsWith('/api/auth/me')) return Response.json({ status: true, user: null });
    return new Response('', { status: 404 });
  });
}

const load = () => toPromise(createActor(loadPage).start());

describe('loadPage: lists that come back unchanged', () => {
  const lists: { inventory: ItemDto[] | null; uitems: ItemDto[] } = {
    inventory: inventory.slice(0, 5),
    uitems: uitems.slice(),
  };
  beforeEach(() => configureApi({ baseURL: 'http://page.test', fetch: fakeServer(lists) as typeof fetch }));
  afterEach(() => configureApi({}));

  it('are answered as the arrays the last load answered, so no second copy of the catalogue is kept', async () => {
    const first = await load();
    const second = await load();
    expect(second.index.uitems).toBe(first.index.uitems);
    expect(second.index.inventory).toBe(first.index.inventory);
  });

  it('are answered afresh once an item differs in any field, list by list', async () => {
    const first = await load();
    lists.uitems = uitems.map((i, k) => (k === 1 ? { ...i, price: i.price + 1 } : i));
    const second = await load();
    expect(second.index.uitems).not.toBe(first.index.uitems);
    expect(second.index.uitems).toEqual(lists.uitems);
    expect(second.index.inventory).toBe(first.index.inventory);
    lists.inventory = inventory.slice(0, 4);
    const third = await load();
    expect(third.index.inventory).toEqual(lists.inventory);
    expect(third.index.uitems).toBe(second.index.uitems);
  });

  it('keep a signed-out answer without an inventory as it is', async () => {
    await load();
    lists.inventory = null;
    expect((await load()).index.inventory).toBeNull();
  });
});

describe('applyLoad', () => {
  it("keeps the context's arrays when a reload answers them back", async () => {
    let answer: LoadOutput = { index: { status: true, inventory, uitems }, user };
    const machine = upgradeMachine.provide({ actors: { loadPage: fromPromise<LoadOutput>(async () => answer) } });
    const actor = createActor(machine, { input: { site: csSite } }).start();
    await waitFor(actor, (s) => s.matches('selecting'));
    const before = actor.getSnapshot().context;
    answer = { index: { status: true, inventory: before.inventory, uitems: before.uitems }, user };
    actor.send({ type: 'user.clear' });
    await waitFor(actor, (s) => s.matches('selecting'));
    const after = actor.getSnapshot().context;
    expect(after.uitems).toBe(before.uitems);
    expect(after.inventory).toBe(before.inventory);
    actor.stop();
  });
});
