/**
 * Accounts behind Steam sign-in: the replay guard (each accepted OpenID nonce stored once, shared by every
 * process through the database), the account found or created by steamid64, and the persona name and avatar
 * from the Steam Web API when a key is configured.
 */
import { eq, lt, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { steamNonces, users } from '../db/schema.ts';
import { AppError } from '../messages.ts';
import { hashPassword } from './accounts.ts';
import { randomHex, randomToken } from './crypto.ts';
import { grantStarterPack } from './grants.ts';
import { createSeedPair } from './seeds.ts';
import { NONCE_FUTURE_MS, NONCE_MAX_AGE_MS } from './steam-openid.ts';

/** How long the Steam Web API may take; sign-in goes on without a profile after it. */
const PROFILE_TIMEOUT_MS = 5_000;

/** How far past the database's now a stored nonce may expire: its age limit plus the skew allowed ahead. */
const LATEST_EXPIRY = `${(NONCE_MAX_AGE_MS + NONCE_FUTURE_MS) / 1000} seconds`;

/**
 * Records a nonce as used; throws steam_replayed when any process recorded it before and steam_expired when
 * it is too old or too far ahead. The age check and the forgetting of old nonces both use the database's
 * clock: with each process's own, one whose clock is behind accepts a nonce another has already forgotten.
 */
export async function claimNonce(db: Db, nonce: string, stampedAt: number): Promise<void> {
  await db.delete(steamNonces).where(lt(steamNonces.expiresAt, sql`now()`));
  const [row] = await db
    .insert(steamNonces)
    .values({ nonce, expiresAt: new Date(stampedAt + NONCE_MAX_AGE_MS) })
    .onConflictDoNothing()
    .returning({
      fresh: sql<boolean>`${steamNonces.expiresAt} >= now() and ${steamNonces.expiresAt} <= now() + ${LATEST_EXPIRY}::interval`,
    });
  if (!row) throw new AppError(401, 'steam_replayed');
  if (!row.fresh) {
    // A refused nonce keeps no row: one stamped far ahead would otherwise stay until then.
    await db.delete(steamNonces).where(eq(steamNonces.nonce, nonce));
    throw new AppError(401, 'steam_expired');
  }
}

/** A Steam player's public profile. */
export interface SteamProfile {
  name: string;
  avatarUrl: string | null;
}

/** An avatar URL the page may show: from an allowed origin (the CSP names the same ones), else null. */
function avatarFrom(config: Config, avatar: unknown): string | null {
  if (typeof avatar !== 'string' || avatar.length > 512) return null;
  try {
    return config.steamAvatarOrigins.includes(new URL(avatar).origin) ? avatar : null;
  } catch {
    return null;
  }
}

/** Persona name and avatar from ISteamUser/GetPlayerSummaries, or null without a key or an answer. */
export async function fetchProfile(config: Config, steamId: string): Promise<SteamProfile | null> {
  if (!config.steamApiKey) return null;
  const url = new URL(`${config.steamApiUrl}/ISteamUser/GetPlayerSummaries/v2/`);
  url.searchParams.set('key', config.steamApiKey);
  url.searchParams.set('steamids', steamId);
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(PROFILE_TIMEOUT_MS) });
    if (!res.ok) return null;
    const body = (await res.json()) as { response?: { players?: Array<Record<string, unknown>> } };
    const player = body.response?.players?.find((p) => p.steamid === steamId);
    if (!player || typeof player.personaname !== 'string' || player.personaname.trim() === '') return null;
    const avatar = player.avatarfull ?? player.avatarmedium ?? player.avatar;
    return { name: player.personaname.trim().slice(0, 64), avatarUrl: avatarFrom(config, avatar) };
  } catch {
    return null;
  }
}

/**
 * The account of a steamid64, created on first sign-in with its seed pair and (demo mode) starter pack in one
 * transaction. Its password is a random secret nobody knows, so only Steam signs it in. A profile, when given,
 * refreshes the shown name and avatar on every sign-in.
 */
export async function steamAccount(
  db: Db,
  config: Config,
  steamId: string,
  profile: SteamProfile | null,
): Promise<number> {
  const shown = profile ? { displayName: profile.name, avatarUrl: profile.avatarUrl } : {};
  const [known] = await db.select({ id: users.id }).from(users).where(eq(users.steamId, steamId));
  if (known) {
    if (profile) await db.update(users).set(shown).where(eq(users.id, known.id));
    return known.id;
  }
  const passwordHash = await hashPassword(randomToken());
  // A username account may already be called steam_<id>; the Steam account then takes a suffixed name.
  for (const username of [`steam_${steamId}`, `steam_${steamId}_${randomHex(3)}`]) {
    const created = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ username, passwordHash, steamId, ...shown })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (!row) return null;
      await createSeedPair(tx, row.id);
      if (config.demoMode) await grantStarterPack(tx, config.site, row.id, config.starterPackSize);
      return row.id;
    });
    if (created !== null) return created;
    // A concurrent first sign-in of the same player created it: use that one.
    const [raced] = await db.select({ id: users.id }).from(users).where(eq(users.steamId, steamId));
    if (raced) return raced.id;
  }
  throw new Error(`no free username for Steam account ${steamId}`);
}
