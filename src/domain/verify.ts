/** Checks one recorded game against the provably fair contract; the hash is injected so browser and CLI share it. */
import { chanceThousandths, isWin } from './chance.ts';
import { computeRoll, type HmacSha256, type Roll } from './roll.ts';
import type { GameRules } from './rules.ts';

/** SHA-256 of a string's UTF-8 bytes as lowercase hex. */
export type Sha256Hex = (text: string) => Promise<string>;

/** A settled game as recorded; chance and roll in thousandths. */
export interface GameRecord {
  serverSeedHash: string;
  /** null until the player rotates the seed pair. */
  serverSeed: string | null;
  clientSeed: string;
  nonce: number | bigint;
  /** C: 100 .. 80_000. */
  chance: number;
  rollUnder: boolean;
  /** R: 0 .. 99_999. */
  roll: number;
  success: boolean;
  /** What the chance was computed from, when recorded. */
  basis?: { stakeMinor: number; targetMinor: number; rules: GameRules };
}

/** A check that passed (true), failed (false) or cannot be made yet because the seed is secret (null). */
export type CheckOutcome = boolean | null;

/** What verifying a game established. */
export interface GameVerification {
  seedMatchesHash: CheckOutcome;
  rollMatches: CheckOutcome;
  resultFollows: boolean;
  /** null when no basis was recorded. */
  chanceFollows: CheckOutcome;
  /** null while the seed is secret or not valid hex. */
  recomputed: Roll | null;
  expectedWin: boolean;
}

const SERVER_SEED = /^[0-9a-f]{64}$/;

/** Whether a string is 64 lowercase hex characters. */
export function isServerSeed(seed: string): boolean {
  return SERVER_SEED.test(seed);
}

/** Verifies one recorded game; never throws on a tampered or malformed record, it reports a failed check. */
export async function verifyGame(
  record: GameRecord,
  hmac: HmacSha256,
  sha256Hex: Sha256Hex,
): Promise<GameVerification> {
  const expectedWin = isWin(record.roll, record.chance, record.rollUnder);
  const resultFollows = expectedWin === record.success;
  const chanceFollows = record.basis ? chanceFollowsFrom(record.basis) === record.chance : null;
  const found = { resultFollows, chanceFollows, expectedWin };
  if (record.serverSeed === null) return { seedMatchesHash: null, rollMatches: null, recomputed: null, ...found };
  const seedMatchesHash = (await sha256Hex(record.serverSeed)) === record.serverSeedHash.toLowerCase();
  // A malformed revealed seed cannot have produced any roll.
  if (!isServerSeed(record.serverSeed) || !isNonce(record.nonce)) {
    return { seedMatchesHash, rollMatches: false, recomputed: null, ...found };
  }
  const recomputed = await computeRoll(hmac, record.serverSeed, record.clientSeed, record.nonce);
  return { seedMatchesHash, rollMatches: recomputed.value === record.roll, recomputed, ...found };
}

/** The chance a recorded basis gives, or NaN when its numbers are not ones a game can have. */
function chanceFollowsFrom(basis: NonNullable<GameRecord['basis']>): number {
  try {
    return chanceThousandths(basis.stakeMinor, basis.targetMinor, basis.rules);
  } catch {
    return Number.NaN;
  }
}

function isNonce(nonce: number | bigint): boolean {
  return typeof nonce === 'bigint' ? nonce >= 0n : Number.isSafeInteger(nonce) && nonce >= 0;
}

/** A percent with at most 3 decimals as the API answers it (24.708) to integer thousandths (24708). */
export function percentToThousandths(percent: number): number {
  // Rounding undoes the binary fraction error exactly.
  return Math.round(percent * 1000);
}
