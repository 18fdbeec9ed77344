/**
 * The public log's signing key and its witnesses. LOG_SIGNING_KEY wins; without it a key is made once per site and
 * kept in the database (demo use), so every process on the database signs with the same key. Never served.
 */
import { randomUUID } from 'node:crypto';
import { generateKey, publicKeyOf, signerFromKey, verifierFromKey, type Signer } from '../../src/domain/tlog/index.ts';
import type { Config } from '../config.ts';
import { statement, type Queryable } from '../db/client.ts';

/** What signing and serving the log needs. */
export interface LogKeys {
  origin: string;
  signer: Signer;
  /** The verifier key in signed-note form, as served at /log/key. */
  vkey: string;
  /** Witness name -> verifier key, from WITNESS_KEYS. */
  witnesses: Map<string, string>;
}

const KEEP = statement(
  'log_key_keep',
  'insert into app_secrets (name, value) values ($1::text, $2::text) on conflict (name) do nothing',
);
const READ = statement('log_key_read', 'select value from app_secrets where name = $1::text');

/** A key name may not hold spaces or '+', as an origin may; the demo key is named after the origin where it can be. */
function keyName(origin: string): string {
  const name = origin.replace(/[\s+]/g, '_');
  return name.length > 0 ? name : `upgrades-${randomUUID()}`;
}

/** Loads (or in the database's first run, makes) the site's key; throws on a malformed LOG_SIGNING_KEY or WITNESS_KEYS. */
export async function loadLogKeys(
  q: Queryable,
  config: Pick<Config, 'site' | 'logOrigin' | 'logSigningKey' | 'witnessKeys'>,
): Promise<LogKeys> {
  let skey = config.logSigningKey;
  if (skey === null) {
    const name = `log_signing_key:${config.site}`;
    await q.rows(KEEP, [name, generateKey(keyName(config.logOrigin)).skey]);
    [{ value: skey }] = await q.rows<{ value: string }>(READ, [name]);
  }
  let signer: Signer;
  try {
    signer = signerFromKey(skey);
  } catch (err) {
    throw new Error(`LOG_SIGNING_KEY is not a signed-note private key (${(err as Error).message})`, { cause: err });
  }
  const witnesses = new Map<string, string>();
  for (const vkey of config.witnessKeys) {
    try {
      witnesses.set(verifierFromKey(vkey).name, vkey);
    } catch (err) {
      throw new Error(`WITNESS_KEYS: ${JSON.stringify(vkey)} is not a verifier key`, { cause: err });
    }
  }
  return { origin: config.logOrigin, signer, vkey: publicKeyOf(skey), witnesses };
}
