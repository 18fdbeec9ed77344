/**
 * Reading the inputs a player types (in the verifier form or on the command line) into the integer units of
 * the provably fair spec. Both front ends share it, so they accept and refuse exactly the same things.
 */
import { ROLL_SPACE } from '../domain/chance.ts';
import { isValidClientSeed } from '../domain/roll.ts';
import { isServerSeed } from '../domain/verify.ts';

/** The raw text of each field; chance and direction may be left empty to get the roll only. */
export interface VerifyInputText {
  serverSeed: string;
  clientSeed: string;
  nonce: string;
  chance: string;
  rollUnder: string;
}

/** Validated inputs: nonce as bigint (any size), chance in thousandths, or no bet to judge. */
export interface VerifyInput {
  serverSeed: string;
  clientSeed: string;
  nonce: bigint;
  bet: { chance: number; rollUnder: boolean } | null;
}

/** Why a field was refused; each code is also an i18n key under `fair:errors`. */
export type VerifyInputError = 'serverSeed' | 'clientSeed' | 'nonce' | 'chance' | 'rollUnder';

/** Either the parsed inputs or the refused fields, in form order. */
export type ParseResult = { ok: true; value: VerifyInput } | { ok: false; errors: VerifyInputError[] };

/** "16.601" (or "16,601") to 16601 thousandths with string arithmetic, so no float can round it; else null. */
export function parseChancePercent(text: string): number | null {
  const match = /^(\d{1,3})(?:[.,](\d{1,3}))?$/.exec(text.trim());
  if (!match) return null;
  const thousandths = Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(3, '0'));
  // Any chance a site's house rules allow (CHANCE_MIN_PERCENT .. CHANCE_MAX_PERCENT within 0.001 .. 99.999).
  return thousandths >= 1 && thousandths < ROLL_SPACE ? thousandths : null;
}

/** Parses every field and reports all refused ones at once. */
export function parseVerifyInput(text: VerifyInputText): ParseResult {
  const errors: VerifyInputError[] = [];
  // Seeds are stored lowercase; accept a pasted uppercase copy and surrounding spaces, nothing else.
  const serverSeed = text.serverSeed.trim().toLowerCase();
  if (!isServerSeed(serverSeed)) errors.push('serverSeed');
  // The client seed is hashed byte for byte, so it is taken exactly as typed.
  if (!isValidClientSeed(text.clientSeed)) errors.push('clientSeed');
  const nonceText = text.nonce.trim();
  if (!/^\d{1,20}$/.test(nonceText)) errors.push('nonce');

  let bet: VerifyInput['bet'] = null;
  const chanceText = text.chance.trim();
  const directionText = text.rollUnder.trim();
  if (chanceText !== '' || directionText !== '') {
    const chance = parseChancePercent(chanceText);
    if (chance === null) errors.push('chance');
    if (directionText !== '0' && directionText !== '1') errors.push('rollUnder');
    if (chance !== null && (directionText === '0' || directionText === '1'))
      bet = { chance, rollUnder: directionText === '1' };
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, value: { serverSeed, clientSeed: text.clientSeed, nonce: BigInt(nonceText), bet } };
}
