/** The statechart's effects: each actor wraps src/api calls. Tests swap them with machine.provide({ actors }). */
import { fromPromise } from 'xstate';
import type { UpgradeResponse } from '../api/contract.ts';
import { sameItems } from '../domain/searchIndex.ts';
import { login, logout, register } from '../api/auth.ts';
import { sellItem } from '../api/inventory.ts';
import { fetchPageData, takePageLoad, type PageData } from '../api/pageLoad.ts';
import { playUpgrade } from '../api/upgrade.ts';
import type { SignInMode } from './events.ts';
import type { PlayInput } from './game.ts';
import { liveFeed } from './liveFeed.ts';

/** What loading the page answers: the lists and the signed-in user (for the header). */
export type LoadOutput = PageData;

type Lists = Pick<PageData['index'], 'inventory' | 'uitems'>;

/** The lists the last load answered (see keepUnchangedLists). */
let lastLists: Lists | null = null;

/**
 * A list unchanged item for item since the last load is answered as that same array: the reparsed catalogue is
 * dropped at once instead of living on as a second copy, and memos over the lists keep their identity.
 */
function keepUnchangedLists(data: PageData): PageData {
  const { inventory, uitems } = data.index;
  const kept: Lists = {
    inventory:
      inventory && lastLists?.inventory && sameItems(lastLists.inventory, inventory) ? lastLists.inventory : inventory,
    uitems: lastLists && sameItems(lastLists.uitems, uitems) ? lastLists.uitems : uitems,
  };
  lastLists = kept;
  if (kept.inventory === inventory && kept.uitems === uitems) return data;
  return { ...data, index: { ...data.index, ...kept } };
}

/** Resolves once the browser is online again (at once when it is, or outside a browser). */
function online(): Promise<void> {
  if (typeof navigator === 'undefined' || navigator.onLine !== false) return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}

/**
 * Index and current user, in parallel: the load started at boot (src/earlyLoad.ts) if there is one, else a fresh
 * one. Lists unchanged since the last load are answered as the same arrays (keepUnchangedLists). With
 * `waitOnline` (the reload that tells whether an unanswered game was played) it waits for the connection
 * first: offline it could only fail, and the player's page and selection would give way to the error screen.
 */
export const loadPage = fromPromise<LoadOutput>(async ({ input }) => {
  if ((input as { waitOnline?: boolean } | undefined)?.waitOnline) await online();
  return keepUnchangedLists(await (takePageLoad() ?? fetchPageData()));
});

/** One game: upgrade_items with a single-use caseopen token (the last game's answer brought it, or fetched). */
export const play = fromPromise<UpgradeResponse, PlayInput>(({ input }) => playUpgrade(input));

/** Sells the won item; answers the new balance. */
export const sell = fromPromise<number, { id: number }>(({ input }) => sellItem(input.id));

/** Signs in or registers. */
export const signIn = fromPromise<
  void,
  { mode: SignInMode; username: string; password: string; ageConfirmed: boolean }
>(({ input }) => (input.mode === 'login' ? login(input) : register(input)));

/** Ends the session. */
export const signOut = fromPromise<void>(() => logout());

/** The default implementations, keyed as the machine names them. */
export const pageActors = { loadPage, play, sell, signIn, signOut, liveFeed };
