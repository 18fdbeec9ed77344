/**
 * The live feed (GET /api/live, Server-Sent Events): every settled game of the site as event `game` (its id is
 * the event id, so a reconnect resumes where it stopped), and the signed-in player's own changes as event `me`.
 */
import { request } from './client.ts';
import type { HideNameResponse } from './contract.ts';

/** One settled game as the feed tells it (money in major units, chance in percent). */
export interface LiveGame {
  /** The game's id (also the SSE event id). */
  id: number;
  roll_id: string;
  /** The player's name, or the translated "Hidden" when they chose so. */
  name: string;
  hidden: boolean;
  stake: number;
  stake_count: number;
  /** The target: name, catalogue id, picture, rarity and price. */
  item: string;
  item_id: number;
  img: string;
  type: string;
  price: number;
  chance: number;
  roll_under: 0 | 1;
  success: 0 | 1;
  time: string;
}

/** What changed for the signed-in player: the page reloads inventory, balance and tickets. */
export interface LiveMe {
  kind: 'game' | 'sale' | 'grant' | 'seeds';
  /** For kind 'game': that game's roll id. */
  roll_id?: string;
}

/** The feed's address. */
export const LIVE_URL = '/api/live';

/** Listeners of an open feed. */
export interface LiveHandlers {
  game(game: LiveGame): void;
  me(me: LiveMe): void;
}

/**
 * Opens the feed; the browser's EventSource reconnects by itself and sends Last-Event-ID, so no game is missed.
 * Returns the close function.
 */
export function openLive(handlers: LiveHandlers): () => void {
  // The server's first screen and jsdom have no EventSource: the page then simply has no live strip.
  if (typeof EventSource !== 'function') return () => {};
  const source = new EventSource(LIVE_URL);
  source.addEventListener('game', (e) => handlers.game(JSON.parse((e as MessageEvent<string>).data) as LiveGame));
  source.addEventListener('me', (e) => handlers.me(JSON.parse((e as MessageEvent<string>).data) as LiveMe));
  return () => source.close();
}

/** POST /api/profile/hide_name: shows "Hidden" instead of the player's name in the feed (or the name again). */
export async function saveHideName(hide: boolean): Promise<boolean> {
  return (await request<HideNameResponse>('/api/profile/hide_name', { method: 'POST', body: { hide: hide ? 1 : 0 } }))
    .hide_name;
}
