/**
 * The shape of an upgrade request, checked before anything touches the database. Form posts arrive as
 * strings (inventory_items[] repeated, inventory_items repeated, or one comma-separated value); JSON may
 * carry numbers and arrays. Anything else is a 400 with a precise message.
 */
import { Type, type Static } from '@sinclair/typebox';
import { parseAmount } from '../../src/domain/money.ts';
import { AppError } from '../messages.ts';

// Form fields arrive as strings or arrays of them, JSON as anything: each is checked below for its own message.
const field = Type.Optional(Type.Unknown());
/** Documented fields; the values are checked by parseUpgradeRequest for precise messages. */
export const UpgradeBody = Type.Object({
  'inventory_items[]': field,
  inventory_items: field,
  balance_stake: field,
  uniq_item: field,
  upgrade_front_chance: field,
  roll_under: field,
  selected_multiplier: field,
  token: field,
});
export type UpgradeBody = Static<typeof UpgradeBody>;

/** A well-formed upgrade request. */
export interface UpgradeRequest {
  /** Staked inventory ids in the order sent (the first one decides the way back to a case); may be empty. */
  itemIds: number[];
  /** Balance staked beside the items, in minor units (0: none). */
  balanceMinor: number;
  targetId: number;
  /** The chance the page showed, in percent. */
  frontChance: number;
  rollUnder: boolean;
  /** The multiplier the page had selected, when it sent one. */
  multiplier: number | null;
  token: string;
}

const MAX_ID = 2_147_483_647;

function positiveId(v: unknown): number | null {
  if (typeof v === 'number') return Number.isInteger(v) && v > 0 && v <= MAX_ID ? v : null;
  if (typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v)) {
    const n = Number(v);
    return n > 0 && n <= MAX_ID ? n : null;
  }
  return null;
}

function scalar(v: unknown): string | number | boolean | undefined {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : undefined;
}

/** balance_stake in major units with at most two decimals, as integer minor units (absent or empty: 0). */
function balanceStake(v: unknown): number {
  if (v === undefined || v === null || v === '') return 0;
  const minor = parseAmount(typeof v === 'number' ? String(v) : typeof v === 'string' ? v : '');
  if (minor === null) throw new AppError(400, 'balance_stake_invalid');
  return minor;
}

function stakedIds(body: UpgradeBody, maxItems: number, withBalance: boolean): number[] {
  const raw = body['inventory_items[]'] ?? body.inventory_items;
  if (raw === undefined || raw === null || raw === '') {
    if (withBalance) return [];
    throw new AppError(400, 'items_required');
  }
  const parts = (Array.isArray(raw) ? raw : [raw]).flatMap((v) => (typeof v === 'string' ? v.split(',') : [v]));
  if (parts.length > 10 * maxItems) throw new AppError(400, 'too_many_items');
  const ids = parts.map(positiveId);
  if (ids.some((id) => id === null)) throw new AppError(400, 'items_invalid');
  const unique = new Set(ids as number[]);
  if (unique.size !== ids.length) throw new AppError(400, 'items_invalid');
  if (ids.length > maxItems) throw new AppError(400, 'too_many_items');
  return ids as number[];
}

/**
 * Parses and validates an upgrade_items body (at most `maxItems` staked ids, the site's MAX_STAKE_ITEMS, and/or a
 * balance_stake); throws AppError(400) naming the first bad field.
 */
export function parseUpgradeRequest(b: UpgradeBody, maxItems: number): UpgradeRequest {
  const balanceMinor = balanceStake(b.balance_stake);
  const itemIds = stakedIds(b, maxItems, balanceMinor > 0);

  const targetId = positiveId(scalar(b.uniq_item));
  if (targetId === null) throw new AppError(400, 'target_required');

  const ru = scalar(b.roll_under);
  // Exactly 0 or 1: no padding, no other spelling.
  const rollUnderText = ru === undefined ? '' : String(ru);
  if (rollUnderText !== '0' && rollUnderText !== '1') throw new AppError(400, 'roll_under_invalid');

  const fc = scalar(b.upgrade_front_chance);
  const fcText = fc === undefined ? '' : String(fc).trim();
  const frontChance = Number(fcText);
  if (fcText === '' || typeof fc === 'boolean' || !Number.isFinite(frontChance))
    throw new AppError(400, 'chance_invalid');

  let multiplier: number | null = null;
  const sm = b.selected_multiplier;
  if (sm !== undefined && sm !== null && sm !== '') {
    const text = typeof sm === 'string' || typeof sm === 'number' ? String(sm).trim().replace(/^x/i, '') : '';
    multiplier = Number(text);
    if (text === '' || !Number.isFinite(multiplier) || multiplier < 0) throw new AppError(400, 'multiplier_invalid');
  }

  const token = b.token;
  if (typeof token !== 'string' || token.length === 0) throw new AppError(400, 'token_missing');
  if (token.length > 4096) throw new AppError(403, 'token_invalid');

  return { itemIds, balanceMinor, targetId, frontChance, rollUnder: rollUnderText === '1', multiplier, token };
}
