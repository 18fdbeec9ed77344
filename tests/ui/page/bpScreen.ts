/**
 * What the Dota page's right side must show for a model snapshot, worked out from the spec rather than from the
 * page's own view code: BP mode keeps the targets whose name starts with a level count no greater than the max
 * levels (the stored max_levels, 3000, when the input is empty), the input is capped at that stored value, and
 * the checkbox is saved in the BP_CHECKBOX_IS_CHECKED cookie. Shared by the jsdom and the browser suites.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';

/** The cookie the BP checkbox is saved in (spec section 3). */
export const BP_COOKIE_NAME = 'BP_CHECKBOX_IS_CHECKED';
/** The stored max_levels once BP mode is on (spec sections 4 and 5). */
const STORED_MAX_LEVELS = 3000;
const PAGE_SIZE = 15;

/** A target as the index call lists it. */
export interface TargetItem {
  id: number;
  name: string;
  price: number;
  type: string;
}

/** The right side's state in the model's context. */
interface RightSide {
  filter: { text: string; minPrice: number | null; maxPrice: number | null; rarity: string };
  sort: 'asc' | 'desc';
  page: number;
  bp: boolean;
  maxLevels: number | null;
}

/** What the BP controls and the right grid show. */
export interface BpScreen {
  /** The checkbox `bp-mode`. */
  checked: boolean;
  /** The `max-levels` input's value ('' when empty), or null when the input is not shown (BP mode off). */
  maxLevels: string | null;
  /** The input's placeholder: the cap it is held to. */
  placeholder: string | null;
  /** The cookie's value, or null when no step of the path has touched the checkbox yet. */
  cookie: string | null;
  /** Target ids of the shown page, in order. */
  targetIds: number[];
  /** The right pager's text, or null when the list fits one page (no pager). */
  pager: string | null;
}

const cents = (major: number) => Math.round(major * 100);
/** The numeric first word of a name ('120 Levels' -> 120), else null. */
const leadingCount = (name: string) => {
  const m = /^(\d+)\s/.exec(name);
  return m ? Number(m[1]) : null;
};

/** The screen the right side must show in `state`, reached by `events`, over the catalogue `uitems`. */
export function expectedBpScreen(
  state: AnyMachineSnapshot,
  events: EventObject[],
  uitems: readonly TargetItem[],
): BpScreen {
  const right = (state.context as { right: RightSide }).right;
  // The value typed since the checkbox was last touched, held to the cap as the spec says; else the model's.
  let typed: { value: number | null } | undefined;
  for (const e of events) {
    if (e.type === 'user.toggleBp') typed = undefined;
    if (e.type === 'user.setMaxLevels') typed = e as EventObject & { value: number | null };
  }
  const shown = typed
    ? typed.value === null
      ? null
      : Math.min(Math.max(0, Math.floor(typed.value)), STORED_MAX_LEVELS)
    : right.maxLevels;
  const levels = right.bp ? Math.min(shown ?? STORED_MAX_LEVELS, STORED_MAX_LEVELS) : null;
  const f = right.filter;
  const rarities = new Set(
    f.rarity
      .split(',')
      .map((r) => r.trim())
      .filter(Boolean),
  );
  // The search (spec 5, case-insensitive; accents, punctuation and marks such as ™ and ★ ignored; every typed word
  // somewhere in the name), written out here apart from src/domain/filters.ts.
  const fold = (s: string) =>
    s
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\p{M}\p{P}\p{S}]/gu, '');
  const words = fold(f.text).split(/\s+/).filter(Boolean);
  const list = uitems
    .filter((i) => words.every((w) => fold(i.name).includes(w)))
    .filter(
      (i) =>
        (f.minPrice == null || cents(i.price) >= cents(f.minPrice)) &&
        (f.maxPrice == null || cents(i.price) <= cents(f.maxPrice)),
    )
    .filter((i) => rarities.size === 0 || rarities.has(i.type))
    .filter((i) => {
      if (levels === null) return true;
      const n = leadingCount(i.name);
      return n !== null && n <= levels;
    })
    .sort((a, b) => (cents(a.price) - cents(b.price)) * (right.sort === 'asc' ? 1 : -1) || a.id - b.id);
  const pages = Math.max(1, Math.ceil(list.length / PAGE_SIZE));
  const page = Math.min(right.page, pages - 1);
  const toggled = events.some((e) => e.type === 'user.toggleBp');
  return {
    checked: right.bp,
    maxLevels: right.bp ? (shown === null ? '' : String(shown)) : null,
    placeholder: right.bp ? `≤ ${STORED_MAX_LEVELS}` : null,
    cookie: toggled ? (right.bp ? '1' : '0') : null,
    targetIds: list.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE).map((i) => i.id),
    pager: pages > 1 ? `${page + 1} / ${pages}` : null,
  };
}
