/** The page's saved preferences: two cookies of 365 days (spec section 3), read at boot, written by the statechart. */
import Cookies from 'js-cookie';
import { COOKIE_DAYS } from '../domain/constants.ts';

/** Cookie names as the main site uses them. */
export const SOUND_COOKIE = 'dont_play_sound_Upgrades';
export const BP_COOKIE = 'BP_CHECKBOX_IS_CHECKED';

/** Reads both preferences; a missing BP cookie means BP mode on, a missing sound cookie means sound on. */
export function readPrefs(): { sound: boolean; bp: boolean } {
  const bp = Cookies.get(BP_COOKIE);
  return { sound: Cookies.get(SOUND_COOKIE) !== '1', bp: bp === undefined ? true : bp === '1' };
}

/** Saves the sound toggle (the cookie is set when sound is off). */
export function writeSoundPref(on: boolean): void {
  Cookies.set(SOUND_COOKIE, on ? '0' : '1', { expires: COOKIE_DAYS, path: '/', sameSite: 'lax' });
}

/** Saves the BP checkbox. */
export function writeBpPref(on: boolean): void {
  Cookies.set(BP_COOKIE, on ? '1' : '0', { expires: COOKIE_DAYS, path: '/', sameSite: 'lax' });
}

/** The ru site shows /upgrades/ once the ids in the address have been preselected. */
export function rewriteUpgradesAddress(): void {
  const path = window.location.pathname;
  if (path.startsWith('/upgrades/') && path !== '/upgrades/') window.history.replaceState(window.history.state, '', '/upgrades/');
}
