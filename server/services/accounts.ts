/**
 * Accounts: name and password rules, argon2id hashing (OWASP's first set; the PHC string keeps the parameters),
 * a player with seed pair and starter pack in one transaction, sign-in checks.
 */
import { hash, verify } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import type { Site } from '../config.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { AppError } from '../messages.ts';
import { grantStarterPack } from './grants.ts';
import { checkNewPassword } from './password-policy.ts';
import { createSeedPair } from './seeds.ts';

/** argon2id cost parameters (documented in docs/server.md). */
export const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

const USERNAME = /^[A-Za-z0-9_.-]{3,32}$/;

/**
 * Validates sign-up/sign-in input: username 3-32 of letters, digits, _ - . ; password 4-128 characters, and for a
 * new password the policy (services/password-policy.ts).
 */
export function checkCredentials(
  body: unknown,
  purpose: 'sign-in' | 'new' = 'sign-in',
): { username: string; password: string } {
  const b = (body ?? {}) as Record<string, unknown>;
  const { username, password } = b;
  if (typeof username !== 'string' || !USERNAME.test(username)) throw new AppError(400, 'username_invalid');
  // Steam accounts are named steam_<steamid64>: a player taking one first would pass as that Steam player.
  if (purpose === 'new' && /^steam_\d/i.test(username)) throw new AppError(400, 'username_reserved');
  if (purpose === 'new' && typeof password === 'string') checkNewPassword(username, password);
  // 4 is low on purpose: the demo account is demo/demo. Length counts code points.
  if (typeof password !== 'string' || Array.from(password).length < 4 || Array.from(password).length > 128) {
    throw new AppError(400, 'password_invalid');
  }
  return { username, password };
}

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** Options for creating a player. */
export interface NewUserOptions {
  site: Site;
  /** Demo mode: grant a starter pack of this many items; 0 for none. */
  starterPackSize: number;
  /** When the player confirmed being 18 or older (accounts made by operators have none). */
  ageConfirmedAt?: Date;
}

/** Whether a form or JSON field confirms the age: a ticked checkbox ('on'), true, '1' or 'true'. */
export function confirmsAge(raw: unknown): boolean {
  return raw === true || raw === 1 || raw === 'on' || raw === '1' || raw === 'true';
}

/** Creates a player, their seed pair and (demo) starter pack in one transaction; 409 if the name is taken. */
export async function createUser(db: Db, username: string, password: string, opts: NewUserOptions): Promise<number> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({ username, passwordHash, ageConfirmedAt: opts.ageConfirmedAt ?? null })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!row) throw new AppError(409, 'username_taken');
    await createSeedPair(tx, row.id);
    if (opts.starterPackSize > 0) await grantStarterPack(tx, opts.site, row.id, opts.starterPackSize);
    return row.id;
  });
}

/** The id of a user by name (case-insensitive), or null. */
export async function findUserId(db: Db, username: string): Promise<number | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return row?.id ?? null;
}

// A valid hash to verify against when the user does not exist, so timing does not reveal which names exist.
let dummyHash: Promise<string> | null = null;

/** Checks a sign-in; returns the user id or throws 401 login_failed. */
export async function checkLogin(db: Db, username: string, password: string): Promise<number> {
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  if (!row) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verify(await dummyHash, password);
    throw new AppError(401, 'login_failed');
  }
  if (!(await verify(row.passwordHash, password))) throw new AppError(401, 'login_failed');
  return row.id;
}

/** The player's id, shown name and avatar (Steam's when there are), bonus balance and live-feed name setting. */
export async function userRow(db: Db, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      name: sql<string>`coalesce(${users.displayName}, ${users.username})`,
      bonusBalance: users.bonusBalance,
      hideName: users.hideName,
      avatarUrl: users.avatarUrl,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}
