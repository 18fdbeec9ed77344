/** Addresses of the roll verifier page, built and read in one place so links and the page agree. */
import type { VerifyInputText } from './parseVerifyInput.ts';

/** The verifier with no game: its hand form, empty. */
export function verifierHomePath(lang: string): string {
  return `/${lang}/provably_fair/roll_verifier/`;
}

/** The public fairness audit: /{lang}/provably_fair/audit. */
export function auditPath(lang: string): string {
  return `/${lang}/provably_fair/audit`;
}

/** The verifier of one game: /{lang}/provably_fair/roll_verifier/{roll_id}. */
export function rollVerifierPath(lang: string, rollId: string): string {
  return `/${lang}/provably_fair/roll_verifier/${encodeURIComponent(rollId)}`;
}

/** The verifier with no game and its hand form prefilled (a revealed seed pair, from nonce 0). */
export function seedVerifierPath(lang: string, serverSeed: string, clientSeed: string): string {
  const query = new URLSearchParams({ server_seed: serverSeed, client_seed: clientSeed, nonce: '0' });
  return `/${lang}/provably_fair/roll_verifier/?${query.toString()}`;
}

/** The hand form's prefilled fields from a verifier address's query string (`location.search`). */
export function readVerifierQuery(search: string): Partial<VerifyInputText> {
  const query = new URLSearchParams(search);
  const fields: Partial<VerifyInputText> = {};
  const serverSeed = query.get('server_seed');
  const clientSeed = query.get('client_seed');
  const nonce = query.get('nonce');
  if (serverSeed !== null) fields.serverSeed = serverSeed;
  if (clientSeed !== null) fields.clientSeed = clientSeed;
  if (nonce !== null) fields.nonce = nonce;
  return fields;
}
