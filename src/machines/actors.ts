/** The statechart's effects: each actor wraps src/api calls. Tests swap them with machine.provide({ actors }). */
import { fromPromise } from 'xstate';
import type { UpgradeResponse } from '../api/contract.ts';
import { login, logout, register } from '../api/auth.ts';
import { sellItem } from '../api/inventory.ts';
import { fetchToken } from '../api/token.ts';
import { fetchPageData, takePageLoad, type PageData } from '../api/pageLoad.ts';
import { upgradeItems } from '../api/upgrade.ts';
import type { SignInMode } from './events.ts';
import type { PlayInput } from './game.ts';

/** What loading the page answers: the lists and the signed-in user (for the header). */
export type LoadOutput = PageData;

/** Index and current user, in parallel: the load started at boot (src/earlyLoad.ts) if there is one, else a fresh one. */
export const loadPage = fromPromise<LoadOutput>(() => takePageLoad() ?? fetchPageData());

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
