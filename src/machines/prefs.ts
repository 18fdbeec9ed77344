/** The page's saved preferences: cookies of 365 days (spec section 3), read at boot, written by the statechart. */
import Cookies from 'js-cookie';
import { COOKIE_DAYS } from '../domain/constants.ts';

/** Cookie names as the main site uses them. */
export const SOUND_COOKIE = 'dont_play_sound_Upgrades';
export const BP_COOKIE = 'BP_CHECKBOX_IS_CHECKED';
/** Set to '1' when the player wants 1.5 s spins. */
export const FAST_SPIN_COOKIE = 'fast_spin_Upgrades';

/** The saved preferences. */
export interface Prefs {
  sound: boolean;
  bp: boolean;
  fast: boolean;
}

/**
 * The preferences from a cookie reader: a missing BP cookie means BP mode on, a missing sound cookie means sound
 * on, a missing fast-spin cookie means the full 5 s spin. The browser reads document.cookie (readPrefs); the server reads the request's Cookie header the same way
 * (server/prerender.ts), so its first screen shows what the browser will.
 */
export function prefsFrom(cookie: (name: string) => string | undefined): Prefs {
  const bp = cookie(BP_COOKIE);
  return {
    sound: cookie(SOUND_COOKIE) !== '1',
    bp: bp === undefined ? true : bp === '1',
    fast: cookie(FAST_SPIN_COOKIE) === '1',
  };
}

/** Reads the preferences from the browser's cookies. */
export function readPrefs(): Prefs {
  return prefsFrom((name) => Cookies.get(name));
}

/** Saves the sound toggle (the cookie is set when sound is off). */
export function writeSoundPref(on: boolean): void {
  Cookies.set(SOUND_COOKIE, on ? '0' : '1', { expires: COOKIE_DAYS, path: '/', sameSite: 'lax' });
}

/** Saves the BP checkbox. */
export function writeBpPref(on: boolean): void {
  Cookies.set(BP_COOKIE, on ? '1' : '0', { expires: COOKIE_DAYS, path: '/', sameSite: 'lax' });
}

/** Saves the fast-spin toggle. */
export function writeFastSpinPref(on: boolean): void {
  Cookies.set(FAST_SPIN_COOKIE, on ? '1' : '0', { expires: COOKIE_DAYS, path: '/', sameSite: 'lax' });
}

/** The ru site shows /upgrades/ once the ids in the address have been preselected. */
export function rewriteUpgradesAddress(): void {
  const path = window.location.pathname;
  if (path.startsWith('/upgrades/') && path !== '/upgrades/')
    window.history.replaceState(window.history.state, '', '/upgrades/');
}
