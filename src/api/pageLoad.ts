/**
 * The page's data (the index and the signed-in user, in parallel), and the first load started as early as the
 * page can: src/earlyLoad.ts runs it before the rest of the bundle evaluates, and the statechart's first
 * loadPage takes the in-flight load over (issue 6: the calls used to wait for boot, i18n and the first render).
 */
import type { IndexResponse, UserDto } from './contract.ts';
import { fetchMe } from './auth.ts';
import { fetchIndex } from './upgrade.ts';

/** What loading the page answers: the lists and the signed-in user (for the header). */
export interface PageData {
  index: IndexResponse;
  user: UserDto | null;
}

/** Index and current user, in parallel. */
export async function fetchPageData(): Promise<PageData> {
  const [index, user] = await Promise.all([fetchIndex(), fetchMe()]);
  return { index, user };
}

let early: Promise<PageData> | null = null;

/** Starts the first load (once, until it is taken). */
export function startPageLoad(): void {
  early ??= fetchPageData();
  // Handled where it is taken; this only keeps a failure from counting as unhandled in the meantime.
  early.catch(() => {});
}

/** The load started by startPageLoad, once; null when none is waiting. */
export function takePageLoad(): Promise<PageData> | null {
  const pending = early;
  early = null;
  return pending;
}
