import type { LiveGame } from '../../src/api/contract.ts';
import { thousandthsToPercent } from '../../src/domain/chance.ts';
import { toMajor } from '../../src/domain/money.ts';
import type { Config } from '../config.ts';
import { statement, type Queryable } from '../db/client.ts';
import { t, type Lang } from '../messages.ts';
import { itemImageUrl } from './images.ts';

/** A game with its player and target, as the feed's statements return it. */
interface LiveRow {
  id: number;
  rollId: string;
  userId: number;
  username: string;
  hideName: boolean;
  steamId: string | null;
  displayName: string | null;
  stakeMinor: number;
  stakeCount: number;
  chance: number;
  rollUnder: boolean;
  success: boolean;
  createdAt: Date | string;
  itemId: number;
  itemName: string;
  image: string | null;
  type: string;
  priceMinor: number;
}

/** A game the feed tells, and whose it is (for the player's own `me` event). */
export interface LiveEntry {
  game: LiveGame;
  userId: number;
}

const COLUMNS = `g.id::float8 as id, g.roll_id as "rollId", g.user_id as "userId", u.username, u.hide_name as "hideName",
  u.steam_id as "steamId", u.display_name as "displayName",
  g.stake_minor::float8 as "stakeMinor", g.stake_count as "stakeCount", g.chance, g.roll_under as "rollUnder",
  g.success, g.created_at as "createdAt", c.id as "itemId", c.name as "itemName", c.image, c.type,
  g.target_price_minor::float8 as "priceMinor"
  from games g join users u on u.id = g.user_id join catalogue_items c on c.id = g.target_catalogue_item_id`;

const byIds = statement('live_games_by_ids', `select ${COLUMNS} where g.id = any($1::bigint[]) and g.site = $2::text`);
const newest = statement(
  'live_games_newest',
  `select * from (select ${COLUMNS} where g.site = $1::text order by g.id desc limit $2::int) n order by id`,
);
const inLog = statement(
  'live_games_in_log',
  `select g.log_index::float8 as "logIndex", ${COLUMNS}
   where g.site = $1::text and g.log_index >= $2::bigint and g.log_index < $3::bigint order by g.log_index limit $4::int`,
);
const logSize = statement('live_log_size', 'select size::float8 as size from log_state where site = $1::text');
const after = statement(
  'live_games_after',
  `select ${COLUMNS} where g.id > $1::bigint and g.site = $2::text order by g.id limit $3::int`,
);

const player = statement(
  'live_player_name',
  `select u.id as "userId", u.username, u.hide_name as "hideName", u.steam_id as "steamId",
     u.display_name as "displayName" from users u where u.id = $1::bigint`,
);

/** What the feed may call a player. */
type NameRow = Pick<LiveRow, 'userId' | 'username' | 'hideName' | 'steamId' | 'displayName'>;

/** A generated Steam username, or any name carrying a steamid64: either would publish a Steam profile. */
const STEAM_LIKE = /^steam_\d|7656\d{13}/i;

/**
 * The name the feed shows: "Hidden" when the player hides it; a Steam player's persona name, else a neutral
 * "Player <id>"; never a Steam ID.
 */
export function shownName(lang: Lang, r: NameRow): { name: string; hidden: boolean } {
  if (r.hideName) return { name: t(lang, 'live_hidden'), hidden: true };
  const own = r.steamId !== null ? r.displayName : r.username;
  const name = own && !STEAM_LIKE.test(own) ? own : `${t(lang, 'live_player')} ${r.userId}`;
  return { name, hidden: false };
}

/** Reads settled games for the live feed. */
export class LiveReader {
  constructor(
    private readonly q: Queryable,
    private readonly config: Pick<Config, 'site' | 'imageBaseUrl'>,
    private readonly lang: Lang,
  ) {}

  /** The games of these ids that belong to this site, in the ids' order. */
  async byIds(ids: readonly number[]): Promise<LiveEntry[]> {
    const rows = await this.q.rows<LiveRow>(byIds, [ids, this.config.site]);
    const found = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const row = found.get(id);
      return row ? [this.entry(row)] : [];
    });
  }

  /** The site's last `n` games, oldest first. */
  async newest(n: number): Promise<LiveEntry[]> {
    return (await this.q.rows<LiveRow>(newest, [this.config.site, n])).map((r) => this.entry(r));
  }

  /** The site's log size: games below it are sequenced. */
  async logSize(): Promise<number> {
    const [row] = await this.q.rows<{ size: number }>(logSize, [this.config.site]);
    return row ? Number(row.size) : 0;
  }

  /** Up to `n` games at log indexes from .. to-1 in log order, and the index the next read starts at. */
  async inLog(from: number, to: number, n: number): Promise<{ entries: LiveEntry[]; next: number }> {
    const rows = await this.q.rows<LiveRow & { logIndex: number }>(inLog, [this.config.site, from, to, n]);
    const next = rows.length < n ? to : Number(rows[rows.length - 1].logIndex) + 1;
    return { entries: rows.map((r) => this.entry(r)), next };
  }

  /** Up to `n` of the site's games after id `id`, by id. */
  async after(id: number, n: number): Promise<LiveEntry[]> {
    return (await this.q.rows<LiveRow>(after, [id, this.config.site, n])).map((r) => this.entry(r));
  }

  /** The player's name as the feed shows it now; null when there is no such player. */
  async nameOf(userId: number): Promise<{ name: string; hidden: boolean } | null> {
    const [row] = await this.q.rows<NameRow>(player, [userId]);
    return row ? shownName(this.lang, { ...row, userId: Number(row.userId) }) : null;
  }

  private entry(r: LiveRow): LiveEntry {
    return {
      userId: r.userId,
      game: {
        id: Number(r.id),
        roll_id: r.rollId,
        ...shownName(this.lang, r),
        stake: toMajor(Number(r.stakeMinor)),
        stake_count: r.stakeCount,
        item: r.itemName,
        item_id: r.itemId,
        img: itemImageUrl(this.config, { id: r.itemId, image: r.image }),
        type: r.type,
        price: toMajor(Number(r.priceMinor)),
        chance: thousandthsToPercent(r.chance),
        roll_under: r.rollUnder ? 1 : 0,
        success: r.success ? 1 : 0,
        time: new Date(r.createdAt).toISOString(),
      },
    };
  }
}
