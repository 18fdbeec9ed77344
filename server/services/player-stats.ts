/**
 * A player's statistics from their own games: per current UTC day, ISO week and month (the limits' periods) and in
 * total, by the audit's rules (src/domain/playerStats.ts), and the games as CSV.
 */
import { toMajor } from '../../src/domain/money.ts';
import { periodStart } from '../../src/domain/playSafe.ts';
import { playerFigures, type PlayerFigures } from '../../src/domain/playerStats.ts';
import { statement, type Queryable } from '../db/client.ts';
import { sitesOfCurrency } from './play-safe.ts';

const sums = statement(
  'player_stats_sums',
  `select w.name,
     (select count(*) from games g where g.user_id = $1::int and g.site = any($2::text[]) and g.created_at >= w.since)::float8
       as games,
     (select coalesce(sum(g.stake_minor), 0) from games g
       where g.user_id = $1::int and g.site = any($2::text[]) and g.created_at >= w.since)::float8 as "stakeMinor",
     (select coalesce(sum(case when g.success then g.target_price_minor else 0 end), 0) from games g
       where g.user_id = $1::int and g.site = any($2::text[]) and g.created_at >= w.since)::float8 as "payoutMinor"
   from (values ('day', $3::timestamptz), ('week', $4::timestamptz), ('month', $5::timestamptz),
     ('total', '-infinity'::timestamptz)) w(name, since)`,
);

const biggest = statement(
  'player_stats_biggest',
  `select g.roll_id as "rollId", g.created_at as "playedAt", c.name as item, g.stake_minor::float8 as "stakeMinor",
     g.target_price_minor::float8 as "wonMinor"
   from games g join catalogue_items c on c.id = g.target_catalogue_item_id
   where g.user_id = $1::int and g.site = any($2::text[]) and g.success
   order by g.target_price_minor desc, g.id limit 1`,
);

/** The figures of each window and the biggest win. */
export interface PlayerStats {
  day: PlayerFigures;
  week: PlayerFigures;
  month: PlayerFigures;
  total: PlayerFigures;
  biggestWin: { rollId: string; playedAt: Date; item: string; stakeMinor: number; wonMinor: number } | null;
}

/** A player's statistics in a currency at `now`. */
export async function playerStats(q: Queryable, userId: number, currency: string, now: number): Promise<PlayerStats> {
  const sites = sitesOfCurrency(currency);
  const starts = (['day', 'week', 'month'] as const).map((p) => new Date(periodStart(p, now)));
  const rows = await q.rows<{ name: keyof PlayerStats; games: number; stakeMinor: number; payoutMinor: number }>(sums, [
    userId,
    sites,
    ...starts,
  ]);
  const [win] = await q.rows<NonNullable<PlayerStats['biggestWin']>>(biggest, [userId, sites]);
  const by = Object.fromEntries(rows.map((r) => [r.name, playerFigures(r)]));
  return {
    day: by.day,
    week: by.week,
    month: by.month,
    total: by.total,
    biggestWin: win ? { ...win, playedAt: new Date(win.playedAt) } : null,
  };
}

const gamesOf = statement(
  'player_stats_games',
  `select g.id::float8 as id, g.created_at as "playedAt", g.site, g.roll_id as "rollId", c.name as item,
     g.chance, g.roll_under as "rollUnder", g.success, g.stake_minor::float8 as "stakeMinor",
     (case when g.success then g.target_price_minor else 0 end)::float8 as "wonMinor"
   from games g join catalogue_items c on c.id = g.target_catalogue_item_id
   where g.user_id = $1::int and g.site = any($2::text[]) order by g.id`,
);

/** A CSV field: quoted when needed; text a spreadsheet would run as a formula gets a leading apostrophe. */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const money = (minor: number) => toMajor(minor).toFixed(2);

/** Every game of the player in a currency as CSV (RFC 4180, CRLF), amounts in major units. */
export async function playerGamesCsv(q: Queryable, userId: number, currency: string): Promise<string> {
  const rows = await q.rows<{
    id: number;
    playedAt: Date | string;
    site: string;
    rollId: string;
    item: string;
    chance: number;
    rollUnder: boolean;
    success: boolean;
    stakeMinor: number;
    wonMinor: number;
  }>(gamesOf, [userId, sitesOfCurrency(currency)]);
  const lines = ['game_id,played_at,site,roll_id,target,chance,roll_under,success,stake,won,net,currency'];
  for (const r of rows) {
    lines.push(
      [
        String(r.id),
        new Date(r.playedAt).toISOString(),
        r.site,
        r.rollId,
        csvField(r.item),
        (r.chance / 1000).toFixed(3),
        r.rollUnder ? '1' : '0',
        r.success ? '1' : '0',
        money(r.stakeMinor),
        money(r.wonMinor),
        money(r.wonMinor - r.stakeMinor),
        currency,
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
