/**
 * Steam sign-in over OpenID 2.0, for Steam only (no discovery, no associations). check_authentication goes to
 * the configured endpoint, never the one an assertion names; the caller refuses replays by storing each nonce.
 */
import type { Config } from '../config.ts';
import { AppError } from '../messages.ts';
import { sameSecret } from './crypto.ts';

const OPENID_NS = 'http://specs.openid.net/auth/2.0';
const IDENTIFIER_SELECT = 'http://specs.openid.net/auth/2.0/identifier_select';
const CLAIMED_ID = /^https:\/\/steamcommunity\.com\/openid\/id\/(\d{17})$/;
/** An assertion whose signature leaves one of these out proves nothing about it. */
const MUST_BE_SIGNED = ['op_endpoint', 'claimed_id', 'identity', 'return_to', 'response_nonce', 'assoc_handle'];
/** Older nonces are refused, so a stored one can be forgotten after this. */
export const NONCE_MAX_AGE_MS = 5 * 60_000;
/** Clock skew allowed for a nonce stamped in the future. */
export const NONCE_FUTURE_MS = 60_000;
const PROVIDER_TIMEOUT_MS = 10_000;
/** return_to is PUBLIC_URL + this + the flow's state. */
export const STEAM_RETURN_PATH = '/api/auth/steam/return';

/** Where Steam sends the player back, carrying the flow's state so it matches one browser only. */
export function returnTo(config: Config, state: string): string {
  return `${config.publicUrl}${STEAM_RETURN_PATH}?state=${encodeURIComponent(state)}`;
}

/** Steam's endpoint with a checkid_setup request. */
export function loginUrl(config: Config, state: string): string {
  const url = new URL(config.steamOpenidUrl);
  const params = {
    'openid.ns': OPENID_NS,
    'openid.mode': 'checkid_setup',
    'openid.claimed_id': IDENTIFIER_SELECT,
    'openid.identity': IDENTIFIER_SELECT,
    'openid.return_to': returnTo(config, state),
    'openid.realm': config.publicUrl,
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

/** The openid.* fields of a query; a repeated key is not part of the assertion. */
function openidFields(query: Record<string, unknown>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(query)) {
    if (!k.startsWith('openid.')) continue;
    if (typeof v !== 'string') throw new AppError(400, 'steam_malformed');
    out.set(k.slice('openid.'.length), v);
  }
  return out;
}

/** A response nonce's leading UTC timestamp, or null. */
export function nonceTime(nonce: string): number | null {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})Z./.exec(nonce);
  if (!m) return null;
  const t = Date.parse(`${m[1]}Z`);
  return Number.isNaN(t) ? null : t;
}

/** An assertion that passed the local checks: whose it is and what to ask the provider and store. */
export interface SteamAssertion {
  steamId: string;
  nonce: string;
  nonceTime: number;
  fields: Map<string, string>;
}

/** The local checks of a positive assertion, each with its own refusal; `state` is the flow's state cookie. */
export function checkAssertion(
  config: Config,
  query: Record<string, unknown>,
  state: string | undefined,
): SteamAssertion {
  const f = openidFields(query);
  if (f.get('mode') !== 'id_res') throw new AppError(400, 'steam_cancelled');
  if (f.get('ns') !== OPENID_NS) throw new AppError(400, 'steam_malformed');
  if (f.get('op_endpoint') !== config.steamOpenidUrl) throw new AppError(401, 'steam_endpoint');
  // The state travels in return_to: a cookie that does not match it means the flow began in another browser.
  const queryState = typeof query.state === 'string' ? query.state : '';
  if (state === undefined || queryState === '' || !sameSecret(queryState, state))
    throw new AppError(403, 'steam_state');
  if (f.get('return_to') !== returnTo(config, state)) throw new AppError(401, 'steam_return_to');
  const claimed = f.get('claimed_id') ?? '';
  const steamId = CLAIMED_ID.exec(claimed)?.[1];
  if (steamId === undefined || f.get('identity') !== claimed) throw new AppError(401, 'steam_identity');
  const signed = new Set((f.get('signed') ?? '').split(','));
  if (!f.get('sig') || MUST_BE_SIGNED.some((k) => !signed.has(k))) throw new AppError(401, 'steam_unsigned');
  const nonce = f.get('response_nonce') ?? '';
  const stamped = nonceTime(nonce);
  // Its age is judged where it is stored, on the database's clock (claimNonce).
  if (stamped === null || nonce.length > 255) throw new AppError(401, 'steam_expired');
  return { steamId, nonce, nonceTime: stamped, fields: f };
}

function keyValues(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) out.set(line.slice(0, colon), line.slice(colon + 1).trim());
  }
  return out;
}

/** Asks the configured endpoint whether it signed the assertion (check_authentication). */
export async function verifyWithProvider(config: Config, a: SteamAssertion): Promise<void> {
  const body = new URLSearchParams();
  for (const [k, v] of a.fields) body.set(`openid.${k}`, k === 'mode' ? 'check_authentication' : v);
  let text: string;
  try {
    const res = await fetch(config.steamOpenidUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/plain' },
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    text = await res.text();
  } catch {
    throw new AppError(503, 'steam_unavailable');
  }
  const kv = keyValues(text);
  if (kv.get('ns') !== OPENID_NS || kv.get('is_valid') !== 'true') throw new AppError(401, 'steam_rejected');
}
