/**
 * The invariants issue 7 checks after every scenario, as SQL over the real schema plus a recomputation of
 * every roll. Each check returns the offending rows; an empty list of violations means the database is sound.
 */
import { sql } from 'drizzle-orm';
import { chanceThousandths, isWin } from '../../src/domain/chance.ts';
import { computeRollSync } from '../../src/domain/roll.ts';
import type { Db } from '../../server/db/client.ts';
import { hmacSha256Node, sha256Hex } from '../../server/services/crypto.ts';

/** What the checker found, and how much it looked at. */
export interface InvariantReport {
  violations: string[];
  counts: { items: number; games: number; seeds: number; wallets: number; ledger: number };
}

// Each query selects the rows that break one rule (at most 20 shown).
const CHECKS: Array<[string, string]> = [
  ['item in an unknown state', `select id, state from inventory_items where state not in ('owned', 'sold', 'spent')`],
  [
    'spent item without its game',
    `select i.id from inventory_items i left join games g on g.id = i.spent_game_id where i.state = 'spent' and g.id is null`,
  ],
  [
    'game reference on an item that is not spent',
    `select id, state from inventory_items where state <> 'spent' and spent_game_id is not null`,
  ],
  [
    'staked item of another player than the game',
    `select i.id from inventory_items i join games g on g.id = i.spent_game_id where i.user_id <> g.user_id`,
  ],
  [
    'sold item without exactly one sale (or a sale of an unsold item)',
    `select i.id, i.state, count(l.id) as sales from inventory_items i
       left join ledger_entries l on l.inventory_item_id = i.id and l.kind = 'sale'
      group by i.id, i.state
     having (i.state = 'sold' and count(l.id) <> 1) or (i.state <> 'sold' and count(l.id) <> 0)`,
  ],
  [
    'half-settled game (stake count differs from its spent items)',
    `select g.id, g.stake_count, count(i.id) as spent from games g left join inventory_items i on i.spent_game_id = g.id
      group by g.id, g.stake_count having count(i.id) <> g.stake_count`,
  ],
  [
    "recorded stake differs from the staked items' prices plus its balance stake",
    `select g.id, g.stake_minor, g.balance_stake_minor, sum(c.price_minor) as priced from games g
       left join inventory_items i on i.spent_game_id = g.id left join catalogue_items c on c.id = i.catalogue_item_id
      group by g.id having coalesce(sum(c.price_minor), 0) + g.balance_stake_minor <> g.stake_minor`,
  ],
  [
    "balance stake differs from its game's ledger debit",
    `select g.id, g.balance_stake_minor, coalesce(-sum(l.amount_minor), 0) as debited from games g
       left join ledger_entries l on l.game_id = g.id and l.kind = 'game' and l.user_id = g.user_id
      group by g.id having coalesce(-sum(l.amount_minor), 0) <> g.balance_stake_minor`,
  ],
  [
    'game debit that names no game',
    `select l.id from ledger_entries l left join games g on g.id = l.game_id
      where l.kind = 'game' and (g.id is null or l.amount_minor >= 0)`,
  ],
  ['negative balance', `select user_id, currency, balance_minor from wallets where balance_minor < 0`],
  [
    'won item not traced to exactly its winning game',
    `select i.id from inventory_items i left join games g on g.id = i.source_game_id
      where i.source = 'upgrade' and (g.id is null or not g.success or g.won_inventory_item_id is distinct from i.id
        or g.target_catalogue_item_id <> i.catalogue_item_id or g.user_id <> i.user_id)`,
  ],
  [
    'game reference on an item that was not won',
    `select id, source from inventory_items where source <> 'upgrade' and source_game_id is not null`,
  ],
  [
    'winning game without its item, or a lost game with one',
    `select g.id, g.success from games g left join inventory_items i on i.id = g.won_inventory_item_id
      where (g.success and (i.id is null or i.source_game_id is distinct from g.id)) or (not g.success and g.won_inventory_item_id is not null)`,
  ],
  [
    'balance differs from the sum of its ledger entries',
    `select w.user_id, w.currency, w.balance_minor, coalesce(sum(l.amount_minor), 0) as ledger from wallets w
       left join ledger_entries l on l.user_id = w.user_id and l.currency = w.currency
      group by w.user_id, w.currency, w.balance_minor having w.balance_minor <> coalesce(sum(l.amount_minor), 0)`,
  ],
  [
    'ledger entries without a wallet',
    `select l.user_id, l.currency from ledger_entries l left join wallets w on w.user_id = l.user_id and w.currency = l.currency
      where w.user_id is null group by l.user_id, l.currency`,
  ],
  [
    "tickets differ from the sum of the player's games",
    `select u.id, u.bonus_balance, coalesce(sum(g.tickets), 0) as tickets from users u left join games g on g.user_id = u.id
      group by u.id, u.bonus_balance having u.bonus_balance <> coalesce(sum(g.tickets), 0)`,
  ],
  [
    'nonce skipped or reused (games of a seed are not exactly 0..n-1 with seed.nonce = n)',
    `select s.id, s.status, s.nonce, count(g.id) as games, min(g.nonce) as lo, max(g.nonce) as hi from seeds s
       left join games g on g.seed_id = s.id group by s.id, s.status, s.nonce
     having s.nonce <> count(g.id) or count(distinct g.nonce) <> count(g.id)
        or (count(g.id) > 0 and (min(g.nonce) <> 0 or max(g.nonce) <> count(g.id) - 1))`,
  ],
  [
    'player without exactly one active and one next seed',
    `select user_id from seeds group by user_id
     having count(*) filter (where status = 'active') <> 1 or count(*) filter (where status = 'next') <> 1`,
  ],
  [
    'game whose seed belongs to another player',
    `select g.id from games g join seeds s on s.id = g.seed_id where s.user_id <> g.user_id`,
  ],
  // The games log has no foreign keys (migration 0004's guards keep these rows): each game's rows still exist.
  [
    'game naming a missing player, seed or target',
    `select g.id from games g left join users u on u.id = g.user_id left join seeds s on s.id = g.seed_id
     left join catalogue_items c on c.id = g.target_catalogue_item_id where u.id is null or s.id is null or c.id is null`,
  ],
];

interface GameRow {
  id: number;
  server_seed: string;
  seed_hash: string;
  seed_client: string | null;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  chance: number;
  roll_under: boolean;
  roll: number;
  round: number;
  chunk: number;
  success: boolean;
  stake_minor: number;
  target_price_minor: number;
  payout_per_100k: number;
  chance_min: number;
  chance_max: number;
}

async function rows<T = Record<string, unknown>>(db: Db, query: string): Promise<T[]> {
  const res = (await db.execute(sql.raw(query))) as unknown as { rows: T[] };
  return res.rows;
}

/** Recomputes every game from its seed (revealed or still active: the test may read the secret). */
function reproduce(g: GameRow): string | null {
  const num = (v: unknown) => Number(v);
  if (sha256Hex(g.server_seed) !== g.server_seed_hash || g.seed_hash !== g.server_seed_hash) return 'seed hash';
  if ((g.seed_client ?? '') !== g.client_seed) return 'client seed';
  const roll = computeRollSync(hmacSha256Node, g.server_seed, g.client_seed, num(g.nonce));
  if (roll.value !== num(g.roll) || roll.round !== num(g.round) || roll.chunk !== num(g.chunk))
    return `roll ${roll.value} != ${g.roll}`;
  // The chance follows from the game's own recorded rules, whatever the site's rules are today.
  const rules = { payoutPer100k: num(g.payout_per_100k), chanceMin: num(g.chance_min), chanceMax: num(g.chance_max) };
  if (chanceThousandths(num(g.stake_minor), num(g.target_price_minor), rules) !== num(g.chance)) return 'chance';
  if (num(g.chance) < rules.chanceMin) return 'chance below its minimum';
  if (isWin(roll.value, num(g.chance), g.roll_under) !== g.success) return 'result';
  return null;
}

/** Runs every check; `violations` lists each broken rule with up to 20 offending rows. */
export async function checkInvariants(db: Db): Promise<InvariantReport> {
  const violations: string[] = [];
  for (const [name, query] of CHECKS) {
    const bad = await rows(db, `${query} limit 20`);
    if (bad.length > 0) violations.push(`${name}: ${JSON.stringify(bad)}`);
  }
  const games = await rows<GameRow>(
    db,
    `select g.id, s.server_seed, s.server_seed_hash as seed_hash, s.client_seed as seed_client, g.server_seed_hash, g.client_seed,
            g.nonce, g.chance, g.roll_under, g.roll, g.round, g.chunk, g.success, g.stake_minor, g.target_price_minor,
            g.payout_per_100k, g.chance_min, g.chance_max
       from games g join seeds s on s.id = g.seed_id`,
  );
  const irreproducible = games.map((g) => [g.id, reproduce(g)] as const).filter(([, why]) => why !== null);
  if (irreproducible.length > 0)
    violations.push(`game not reproducible from its seed: ${JSON.stringify(irreproducible.slice(0, 20))}`);
  const [c] = await rows<Record<string, unknown>>(
    db,
    `select (select count(*) from inventory_items) as items, (select count(*) from games) as games, (select count(*) from seeds) as seeds,
            (select count(*) from wallets) as wallets, (select count(*) from ledger_entries) as ledger`,
  );
  return {
    violations,
    counts: {
      items: Number(c.items),
      games: Number(c.games),
      seeds: Number(c.seeds),
      wallets: Number(c.wallets),
      ledger: Number(c.ledger),
    },
  };
}
