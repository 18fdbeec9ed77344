/** The statechart's effects: each actor wraps src/api calls. Tests swap them with machine.provide({ actors }). */
import { fromPromise } from 'xstate';
import type { IndexResponse, UpgradeResponse, UserDto } from '../api/contract.ts';
import { fetchMe, login, logout, register } from '../api/auth.ts';
import { sellItem } from '../api/inventory.ts';
import { fetchToken } from '../api/token.ts';
import { fetchIndex, upgradeItems } from '../api/upgrade.ts';
import type { SignInMode } from './events.ts';
import type { PlayInput } from './game.ts';

/** What loading the page answers: the lists and the signed-in user (for the header). */
export interface LoadOutput {
  index: IndexResponse;
  user: UserDto | null;
}

async function fetchPage(): Promise<LoadOutput> {
  const [index, user] = await Promise.all([fetchIndex(), fetchMe()]);
  return { index, user };
}

let early: Promise<LoadOutput> | null = null;

/**
 * Starts the first load at boot, before the page actor exists, so the calls run while i18n and React start
 * (issue 6: they were the longest step before the first item picture). The next loadPage takes it over.
 */
export function startLoadPage(): void {
  early ??= fetchPage();
  // Handled where loadPage awaits it; this only keeps a failure from counting as unhandled in the meantime.
  early.catch(() => {});
}

/** Index and current user, in parallel: the load started at boot if there is one, else a fresh one. */
export const loadPage = fromPromise<LoadOutput>(() => {
  const pending = early;
  early = null;
  return pending ?? fetchPage();
});

/** One game: a fresh single-use caseopen token, then upgrade_items. */
export const play = fromPromise<UpgradeResponse, PlayInput>(async ({ input }) => {
  const token = await fetchToken('caseopen');
  return upgradeItems({ ...input, token });
});

/** Sells the won item; answers the new balance. */
export const sell = fromPromise<number, { id: number }>(({ input }) => sellItem(input.id));

/** Signs in or registers. */
export const signIn = fromPromise<void, { mode: SignInMode; username: string; password: string }>(({ input }) =>
  input.mode === 'login' ? login(input) : register(input),
);

/** Ends the session. */
export const signOut = fromPromise<void>(() => logout());

/** The default implementations, keyed as the machine names them. */
export const pageActors = { loadPage, play, sell, signIn, signOut };
