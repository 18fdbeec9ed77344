/**
 * Single-use caseopen tokens. A game's answer carries the token for the next game (`next_token`), kept here, so
 * a player's later games cost one request; the first game, a game after a failure and a game after a sign-in or
 * sign-out fetch a fresh one.
 */
import type { TokenResponse } from './contract.ts';
import { request } from './client.ts';

/**
 * A kept token older than this is not used: the server's lifetime (TOKEN_TTL_SECONDS, 300 by default) can be set
 * shorter, and a token it refuses anyway only costs the game a second try (see playUpgrade in upgrade.ts).
 */
export const KEPT_TOKEN_MAX_AGE_MS = 60_000;

let kept: { token: string; at: number } | null = null;

/** GET /api/token?purpose=...: a fresh single-use token. */
export async function fetchToken(purpose: 'caseopen' = 'caseopen'): Promise<string> {
  const res = await request<TokenResponse>('/api/token', { method: 'GET', query: { purpose } });
  return res.token;
}

/** Keeps the token a game's answer brought for the next game (none: forgets the kept one). */
export function keepToken(token: string | undefined, now = performance.now()): void {
  kept = token ? { token, at: now } : null;
}

/** Hands out the kept token once, if it is fresh enough; null when the game must fetch one. */
export function takeKeptToken(now = performance.now()): string | null {
  const k = kept;
  kept = null;
  return k && now - k.at < KEPT_TOKEN_MAX_AGE_MS ? k.token : null;
}

/** Forgets the kept token (it is bound to the session that got it: sign-in and sign-out end that session). */
export function forgetToken(): void {
  kept = null;
}
