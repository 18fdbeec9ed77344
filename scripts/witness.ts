/**
 * `npm run witness -- --url <site> --state <file> [--key <file>]`: checks a site's signed log checkpoint against
 * the pinned key and the last checkpoint seen (C2SP tlog-witness duties), saves it, and with a witness key
 * cosigns it (C2SP tlog-cosignature) and posts the cosignature.
 * `npm run witness -- keygen [--name N] [--out file]`: writes a cosignature/v1 key pair (file, file.pub).
 * Exit code 0: consistent; 1: ALARM (fork, shrink, changed key or bad signature); 2: bad input or no answer.
 */
import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ALG_COSIGNATURE_V1, generateKey, signerFromKey } from '../src/domain/tlog/index.ts';
import { WitnessAlarm, witnessOnce, type WitnessState } from './witness-check.ts';

const USAGE =
  'usage: npm run witness -- --url http://127.0.0.1:3000 --state witness-state.json [--key witness.key]\n' +
  '       npm run witness -- keygen [--name witness.example.com/w1] [--out witness.key]';

function keygen(name: string, out: string): void {
  if (existsSync(out)) throw new Error(`${out} exists; not overwriting a key`);
  const { skey, vkey } = generateKey(name, ALG_COSIGNATURE_V1);
  writeFileSync(out, `${skey}\n`, { mode: 0o600 });
  writeFileSync(`${out}.pub`, `${vkey}\n`);
  console.log(`wrote ${out} (private) and ${out}.pub; give the site this key for WITNESS_KEYS:\n${vkey}`);
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      url: { type: 'string' },
      state: { type: 'string' },
      key: { type: 'string' },
      name: { type: 'string', default: 'witness.example.com/w1' },
      out: { type: 'string', default: 'witness.key' },
    },
  });
  if (positionals[0] === 'keygen') {
    keygen(values.name, values.out);
    return 0;
  }
  if (!values.url || !values.state || positionals.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const state = existsSync(values.state) ? (JSON.parse(readFileSync(values.state, 'utf8')) as WitnessState) : null;
  const witness = values.key ? signerFromKey(readFileSync(values.key, 'utf8').trim()) : undefined;
  const { state: next, notes } = await witnessOnce({ url: values.url, state, fetch, witness });
  for (const n of notes) console.log(n);
  // Write then rename, so a crash never leaves a half-written state that would unpin the key.
  writeFileSync(`${values.state}.tmp`, `${JSON.stringify(next, null, 2)}\n`);
  chmodSync(`${values.state}.tmp`, 0o600);
  renameSync(`${values.state}.tmp`, values.state);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof WitnessAlarm) {
      console.error(`\n*** WITNESS ALARM ***\n${err.message}\n*** the log is not append-only as signed ***`);
      process.exit(1);
    }
    console.error(`witness: ${(err as Error).message}`);
    process.exit(2);
  },
);
