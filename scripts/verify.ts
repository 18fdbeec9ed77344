/**
 * `npm run verify -- --server-seed S --client-seed C --nonce N [--chance X --roll-under 0|1] [--json]`
 * Recomputes a roll offline with node:crypto and the same domain code the server and the page use, and,
 * given a chance and a direction, says whether that roll wins. Exit code 2 on malformed input.
 */
import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { isWin } from '../src/domain/chance.ts';
import { computeRollSync, rollMessage } from '../src/domain/roll.ts';
import { formatThousandths, winThreshold } from '../src/fair/format.ts';
import { parseVerifyInput, type VerifyInputError } from '../src/fair/parseVerifyInput.ts';

const USAGE =
  'usage: npm run verify -- --server-seed S --client-seed C --nonce N [--chance X --roll-under 0|1] [--json]';

// The page's English error texts, so the CLI and the form refuse input in the same words.
const texts = JSON.parse(readFileSync(new URL('../src/i18n/fair.en.json', import.meta.url), 'utf8')) as {
  errors: Record<VerifyInputError, string>;
};

const hmac = (key: string, message: string) =>
  new Uint8Array(createHmac('sha256', key).update(message, 'utf8').digest());

/** Stops with a message on stderr and exit code 2. */
function fail(lines: string[]): never {
  process.stderr.write(`${lines.map((l) => `error: ${l}`).join('\n')}\n${USAGE}\n`);
  process.exit(2);
}

function main(): void {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        'server-seed': { type: 'string' },
        'client-seed': { type: 'string' },
        nonce: { type: 'string' },
        chance: { type: 'string' },
        'roll-under': { type: 'string' },
        json: { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (err) {
    fail([(err as Error).message]);
  }
  const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : '');
  const missing = ['server-seed', 'client-seed', 'nonce'].filter((name) => values[name] === undefined);
  if (missing.length > 0) fail(missing.map((name) => `--${name} is required`));

  const parsed = parseVerifyInput({
    serverSeed: text('server-seed'),
    clientSeed: text('client-seed'),
    nonce: text('nonce'),
    chance: text('chance'),
    rollUnder: text('roll-under'),
  });
  if (!parsed.ok) fail(parsed.errors.map((code) => texts.errors[code]));

  const { serverSeed, clientSeed, nonce, bet } = parsed.value;
  const roll = computeRollSync(hmac, serverSeed, clientSeed, nonce);
  const report = {
    server_seed: serverSeed,
    server_seed_hash: createHash('sha256').update(serverSeed, 'utf8').digest('hex'),
    client_seed: clientSeed,
    nonce: nonce.toString(),
    message: rollMessage(clientSeed, nonce, roll.round),
    round: roll.round,
    chunk: roll.chunk,
    R: roll.value,
    roll: formatThousandths(roll.value),
    ...(bet && {
      chance: formatThousandths(bet.chance),
      roll_under: bet.rollUnder ? 1 : 0,
      result: isWin(roll.value, bet.chance, bet.rollUnder) ? 'win' : 'loss',
    }),
  };
  if (values.json) {
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return;
  }
  const lines: [string, string][] = [
    ['server seed', report.server_seed],
    ['server seed hash', `${report.server_seed_hash}  (compare with the hash shown before your games)`],
    ['client seed', report.client_seed],
    ['nonce', report.nonce],
    ['HMAC message', report.message],
    ['round, chunk', `${report.round}, ${report.chunk}`],
    ['R', String(report.R)],
    ['roll', report.roll],
  ];
  if (bet) {
    const threshold = formatThousandths(winThreshold(bet.chance, bet.rollUnder));
    lines.push(['chance', `${formatThousandths(bet.chance)} %`]);
    lines.push([
      'direction',
      bet.rollUnder ? `roll under (wins below ${threshold})` : `roll over (wins at ${threshold} or above)`,
    ]);
    lines.push(['result', report.result ?? '']);
  }
  process.stdout.write(`${lines.map(([k, v]) => `${k.padEnd(18)}${v}`).join('\n')}\n`);
}

main();
