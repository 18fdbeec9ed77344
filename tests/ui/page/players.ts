/** Players for the UI tests, made through the real API: a fresh one with the demo starter pack plus a locked item, or one with nothing left. */
import { eq } from 'drizzle-orm';
import { catalogueItems, inventoryItems } from '../../../server/db/schema.ts';
import { credit } from '../../../server/services/wallet.ts';
import type { PageServer } from './pageServer.ts';

/** Credentials and session cookie of a registered player. */
export interface TestPlayer {
  username: string;
  password: string;
  sid: string;
}

let seq = 0;

async function registerPlayer(server: PageServer): Promise<TestPlayer & { id: number }> {
  const username = `ui${process.pid}_${Date.now().toString(36)}_${seq++}`;
  const password = 'secret-pass';
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { username, password, age_confirmed: '1' },
  });
  if (res.statusCode !== 200) throw new Error(`register: ${res.statusCode} ${res.body}`);
  const sid = ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('sid='))!
    .slice(4);
  const me = (
    await server.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: `sid=${sid}` } })
  ).json();
  return { username, password, sid, id: me.user.id as number };
}

/** The balance a full player starts with (minor units), granted as an operator would: enough to stake from. */
export const FULL_PLAYER_BALANCE = 500;

/**
 * A player with the starter pack, one type_prize 13 item priced above everything else (first in the list) and
 * a balance.
 */
export async function fullPlayer(server: PageServer): Promise<TestPlayer> {
  const p = await registerPlayer(server);
  const { currency } = await server.site();
  await server.db.transaction((tx) =>
    credit(tx, { userId: p.id, currency, amountMinor: FULL_PLAYER_BALANCE, kind: 'grant' }),
  );
  const name = `Locked Souvenir | Test ${p.id}`;
  // The index lists a player's items of the server's own site only.
  const type = server.siteName === 'dota' ? 'Immortal' : 'contraband';
  const [locked] = await server.db
    .insert(catalogueItems)
    .values({ site: server.siteName, name, priceMinor: 9_999_999, type, typePrize: 13, active: false })
    .returning({ id: catalogueItems.id });
  await server.db.insert(inventoryItems).values({ userId: p.id, catalogueItemId: locked.id, source: 'grant' });
  return p;
}

/** A player whose items are all gone (marked sold: the starter pack holds unsellable type_prize 13 items too). */
export async function emptyPlayer(server: PageServer): Promise<TestPlayer> {
  const p = await registerPlayer(server);
  await server.db.update(inventoryItems).set({ state: 'sold' }).where(eq(inventoryItems.userId, p.id));
  return p;
}
