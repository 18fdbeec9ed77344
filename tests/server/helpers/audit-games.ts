/**
 * Writes players, seed pairs and settled games straight into the tables, with real rolls (the spec's HMAC from
 * each seed) and results that follow from them, for the audit's tests: many games at chosen times, chances and
 * prices, which the settlement (one game per request, at the time of the request) cannot produce.
 */
import { randomBytes } from 'node:crypto';
import { isWin } from '../../../src/domain/chance.ts';
import { computeRollSync } from '../../../src/domain/roll.ts';
import { DEFAULT_RULES, type GameRules } from '../../../src/domain/rules.ts';
import { statement, type RawDb } from '../../../server/db/client.ts';
import { hmacSha256Node, sha256Hex } from '../../../server/services/crypto.ts';

/** A game to write. */
export interface GameSpec {
  chance: number;
  rollUnder: boolean;
  stakeMinor: number;
  targetPriceMinor: number;
  createdAt: Date;
  /** The house rules recorded with the game (default: DEFAULT_RULES). */
  rules?: GameRules;
}

/** A seed pair and its games (nonces 0, 1, ... in the given order). */
export interface SeedSpec {
  status: 'active' | 'revealed';
  activatedAt: Date;
  games: GameSpec[];
}

/** A written game as the audit sees it. */
export interface WrittenGame extends GameSpec {
  id: number;
  rollId: string;
  roll: number;
  success: boolean;
  revealed: boolean;
}

const USER = statement('t_audit_user', 'insert into users (username, password_hash) values ($1, $2) returning id');
const SEED = statement(
  't_audit_seed',
  `insert into seeds (user_id, server_seed, server_seed_hash, client_seed, status, nonce, activated_at, revealed_at)
   values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
);
const GAMES = statement(
  't_audit_games',
  `insert into games (roll_id, user_id, site, seed_id, server_seed_hash, client_seed, nonce, chance, roll_under, roll,
     round, chunk, success, stake_minor, stake_count, target_catalogue_item_id, target_price_minor, tickets, created_at,
     payout_per_100k, chance_min, chance_max, revealed)
   select r, $2, $3, $4, $5, $6, n, c, u, x, rd, ch, s, st, 1, $7, tp, 0, t, pf, cmin, cmax, $21::boolean
   from unnest($1::text[], $8::bigint[], $9::int[], $10::boolean[], $11::int[], $12::int[], $13::int[], $14::boolean[],
     $15::bigint[], $16::bigint[], $17::timestamptz[], $18::int[], $19::int[], $20::int[])
     as g(r, n, c, u, x, rd, ch, s, st, tp, t, pf, cmin, cmax)
   returning id, roll_id`,
);

/** Writes one player with these seed pairs (at most the last one active) on `site`; returns the games. */
export async function writePlayer(
  raw: RawDb,
  site: string,
  targetId: number,
  seeds: SeedSpec[],
): Promise<WrittenGame[]> {
  const [user] = await raw.rows<{ id: number }>(USER, [`audit_${randomBytes(8).toString('hex')}`, 'x']);
  const out: WrittenGame[] = [];
  for (const spec of seeds) {
    const serverSeed = randomBytes(32).toString('hex');
    const hash = sha256Hex(serverSeed);
    const clientSeed = randomBytes(6).toString('hex');
    const revealedAt = spec.status === 'revealed' ? new Date() : null;
    const [seed] = await raw.rows<{ id: number }>(SEED, [
      user.id,
      serverSeed,
      hash,
      clientSeed,
      spec.status,
      spec.games.length,
      spec.activatedAt,
      revealedAt,
    ]);
    const rolled = spec.games.map((g, nonce) => {
      const roll = computeRollSync(hmacSha256Node, serverSeed, clientSeed, nonce);
      return { g, nonce, roll, success: isWin(roll.value, g.chance, g.rollUnder) };
    });
    for (let i = 0; i < rolled.length; i += 5000) {
      const part = rolled.slice(i, i + 5000);
      const ids = part.map(() => randomBytes(16).toString('hex'));
      const rows = await raw.rows<{ id: number; roll_id: string }>(GAMES, [
        ids,
        user.id,
        site,
        seed.id,
        hash,
        clientSeed,
        targetId,
        part.map((p) => p.nonce),
        part.map((p) => p.g.chance),
        part.map((p) => p.g.rollUnder),
        part.map((p) => p.roll.value),
        part.map((p) => p.roll.round),
        part.map((p) => p.roll.chunk),
        part.map((p) => p.success),
        part.map((p) => p.g.stakeMinor),
        part.map((p) => p.g.targetPriceMinor),
        part.map((p) => p.g.createdAt.toISOString()),
        part.map((p) => (p.g.rules ?? DEFAULT_RULES).payoutPer100k),
        part.map((p) => (p.g.rules ?? DEFAULT_RULES).chanceMin),
        part.map((p) => (p.g.rules ?? DEFAULT_RULES).chanceMax),
        spec.status === 'revealed',
      ]);
      const idOf = new Map(rows.map((r) => [r.roll_id, Number(r.id)]));
      part.forEach((p, k) =>
        out.push({
          ...p.g,
          id: idOf.get(ids[k])!,
          rollId: ids[k],
          roll: p.roll.value,
          success: p.success,
          revealed: spec.status === 'revealed',
        }),
      );
    }
  }
  return out;
}
