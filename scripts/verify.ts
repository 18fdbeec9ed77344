/**
 * `npm run verify -- --server-seed S --client-seed C --nonce N [--chance X --roll-under 0|1]
 *   [--stake S --target-price T [--payout-factor F --chance-min A --chance-max B]] [--json]`
 * Recomputes a roll offline with node:crypto and the same domain code the server and the page use, and,
 * given a chance and a direction, says whether that roll wins. Given the game's stake, target price and house
 * rules (as GET /api/provably_fair/roll/:id records them), it recomputes the chance too. Exit code 2 on malformed
 * input.
 */
import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { chanceThousandths, isWin } from '../src/domain/chance.ts';
import { DEFAULT_RULES, gameRulesToWire, type GameRules } from '../src/domain/rules.ts';
import { computeRollSync, rollMessage } from '../src/domain/roll.ts';
import { formatThousandths, winThreshold } from '../src/fair/format.ts';
import { parseVerifyInput, type VerifyInputError } from '../src/fair/parseVerifyInput.ts';

const USAGE =
  'usage: npm run verify -- --server-seed S --client-seed C --nonce N [--chance X --roll-under 0|1]\n' +
  '  [--stake S --target-price T [--payout-factor F --chance-min A --chance-max B]] [--json]';

/** A decimal with at most `decimals` places as an integer count of its smallest unit (5.25 -> 525), else null. */
function fixed(text: string, decimals: number): number | null {
  const m = new RegExp(`^(\\d{1,12})(?:\\.(\\d{1,${decimals}}))?$`).exec(text.trim());
  return m ? Number(m[1]) * 10 ** decimals + Number((m[2] ?? '').padEnd(decimals, '0')) : null;
}

/** The chance a game's recorded stake, target price and rules give (thousandths), or the problems found. */
function chanceFromBasis(text: (name: string) => string): { chance: number; rules: GameRules } | string[] {
  const defaults = gameRulesToWire(DEFAULT_RULES);
  const read = (name: string, decimals: number, fallback?: number) =>
    text(name) === '' && fallback !== undefined ? fixed(String(fallback), decimals) : fixed(text(name), decimals);
  const stake = read('stake', 2);
  const target = read('target-price', 2);
  const rules = {
    payoutPer100k: read('payout-factor', 5, defaults.payout_factor),
    chanceMin: read('chance-min', 3, defaults.chance_min),
    chanceMax: read('chance-max', 3, defaults.chance_max),
  };
  const bad = Object.entries({ stake, 'target-price': target, 'payout-factor': rules.payoutPer100k })
    .concat([
      ['chance-min', rules.chanceMin],
      ['chance-max', rules.chanceMax],
    ])
    .filter(([, v]) => v === null)
    .map(([name]) => `--${name} must be a decimal number`);
  if (bad.length > 0) return bad;
  if (!target) return ['--target-price must be above 0'];
  const known = rules as GameRules;
  return { chance: chanceThousandths(stake!, target, known), rules: known };
}

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
        stake: { type: 'string' },
        'target-price': { type: 'string' },
        'payout-factor': { type: 'string' },
        'chance-min': { type: 'string' },
        'chance-max': { type: 'string' },
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

  const basis = values.stake === undefined && values['target-price'] === undefined ? null : chanceFromBasis(text);
  if (Array.isArray(basis)) fail(basis);
  // Without --chance, the chance the basis gives is the one the roll is checked against.
  const chanceText = text('chance') || (basis ? formatThousandths(basis.chance) : '');
  const parsed = parseVerifyInput({
    serverSeed: text('server-seed'),
    clientSeed: text('client-seed'),
    nonce: text('nonce'),
    chance: chanceText,
    rollUnder: text('roll-under'),
  });
  if (!parsed.ok) fail(parsed.errors.map((code) => texts.errors[code]));

  const { serverSeed, clientSeed, nonce, bet } = parsed.value;
  const chanceFollows = basis && bet ? bet.chance === basis.chance : null;
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
    ...(basis && {
      rules: gameRulesToWire(basis.rules),
      chance_from_stake: formatThousandths(basis.chance),
      chance_follows: chanceFollows,
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
  if (basis) {
    const r = gameRulesToWire(basis.rules);
    lines.push(['house rules', `payout factor ${r.payout_factor}, chance ${r.chance_min} % to ${r.chance_max} %`]);
    lines.push(['chance from stake', `${formatThousandths(basis.chance)} %`]);
    if (chanceFollows !== null) lines.push(['chance follows', chanceFollows ? 'yes' : 'NO: not the recorded chance']);
  }
  process.stdout.write(`${lines.map(([k, v]) => `${k.padEnd(18)}${v}`).join('\n')}\n`);
}

main();
