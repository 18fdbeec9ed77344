/**
 * The live feed (GET /api/live, Server-Sent Events): every settled game of the site as event `game` (its id is
 * the event id, so a reconnect resumes where it stopped), and the signed-in player's own changes as event `me`.
 */
import { request } from './client.ts';
import type { HideNameResponse, LiveGame, LiveMe } from './contract.ts';

export type { LiveGame, LiveMe };

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
