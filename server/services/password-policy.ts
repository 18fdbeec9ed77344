/** What a new password must be; sign-in checks no policy, so older accounts and demo/demo still sign in. */
import { AppError } from '../messages.ts';

let common: Promise<Set<string>> | null = null;

/** Throws a 400 when a new password is too short or long, blank, or the username. */
export function checkNewPassword(username: string, password: string): void {
  const length = Array.from(password).length;
  if (length < 8 || length > 128 || password.trim() === '') throw new AppError(400, 'password_short');
  if (password.toLowerCase() === username.toLowerCase()) throw new AppError(400, 'password_is_username');
}

/** Throws a 400 when a new password is on the common list, loaded on first use (a few hundred ms). */
export async function refuseCommonPassword(password: string): Promise<void> {
  common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common']));
  // The list is lower case.
  if ((await common).has(password.toLowerCase())) throw new AppError(400, 'password_common');
}
