/**
 * `npm run audit -- --url <site> [--limit N]`: downloads every revealed game of a site
 * (GET /api/provably_fair/games, page by page), checks each against the provably fair contract with the same
 * domain code the server and the page use (the committed hash, the roll, the result, the chance its prices give
 * under the house rules recorded with the game, each seed's nonces 0, 1, 2 ...), sums the audit figures of those
 * games and compares them with the site's own (GET /api/provably_fair/audit?window=all). Games whose seed is still
 * active are not exported yet: the site counts them in its figures and says how many; they are checked here once
 * their seed is revealed. First the site's public log: its entries up to the signed checkpoint must give the signed
 * root (RFC 6962, recomputed here), or no figure is given at all; then each downloaded game must be the game its
 * log entry records.
 * Exit code 0: every game checks and the figures agree; 1: a game or the figures do not; 2: bad input or no answer.
 */
import { createHash, createHmac } from 'node:crypto';
import { parseArgs } from 'node:util';
import {
  addSums,
  bandOf,
  bandsFigures,
  cellIndex,
  emptySums,
  gameSums,
  totalFigures,
  type AuditBand,
  type AuditSums,
} from '../src/domain/audit.ts';
import { chanceThousandths, isWin } from '../src/domain/chance.ts';
import { computeRollSync } from '../src/domain/roll.ts';
import { gameRulesFromWire } from '../src/domain/rules.ts';
import {
  decodeEntry,
  leafHash,
  openNote,
  parseCheckpoint,
  rootOfHashes,
  toBase64,
  utf8,
  verifierFromKey,
  bytesEqual,
  type LogEntry,
} from '../src/domain/tlog/index.ts';
import { percentToThousandths } from '../src/domain/verify.ts';
// The export's line, as the server writes it (a type only: the checks below run on src/domain alone).
import type { ExportedGame } from '../server/services/audit-export.ts';

const USAGE = 'usage: npm run audit -- --url http://127.0.0.1:3000 [--limit 1000]';

/** The site's audit answer, as far as it is compared here. */
interface SiteAudit {
  games: number;
  wins: number;
  stake_minor: number;
  payout_minor: number;
  rtp: number | null;
  expected_rtp: number | null;
  unrevealed_games: number;
  bands: AuditBand[];
}

const hmac = (key: string, message: string) =>
  new Uint8Array(createHmac('sha256', key).update(message, 'utf8').digest());
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** What is wrong with one game (empty when it checks). */
function gameProblems(g: ExportedGame): string[] {
  const problems: string[] = [];
  const chance = percentToThousandths(g.chance);
  const roll = percentToThousandths(g.roll);
  if (sha256(g.server_seed) !== g.server_seed_hash) problems.push('sha256(server_seed) is not server_seed_hash');
  try {
    const recomputed = computeRollSync(hmac, g.server_seed, g.client_seed, g.nonce).value;
    if (recomputed !== roll) problems.push(`roll ${g.roll} recorded, ${recomputed / 1000} recomputed`);
  } catch (err) {
    problems.push(`roll cannot be recomputed: ${(err as Error).message}`);
  }
  if (isWin(roll, chance, g.roll_under === 1) !== (g.success === 1))
    problems.push(`success ${g.success} does not follow from roll ${g.roll} at ${g.chance} %`);
  // Each game by the rules it was played with: a site may change its payout or bounds between games.
  const r = g.rules;
  if (chanceThousandths(g.stake_minor, g.target_price_minor, gameRulesFromWire(r)) !== chance)
    problems.push(
      `chance ${g.chance} % is not what stake ${g.stake_minor} against ${g.target_price_minor} gives ` +
        `at payout ${r.payout_factor}, chance ${r.chance_min} .. ${r.chance_max} %`,
    );
  return problems;
}

async function getText(url: string): Promise<string> {
  const res = await fetch(url);
  const body = await res.text();
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status} ${body.slice(0, 200)}`);
  return body;
}

const LOG = '/api/provably_fair/log';
/** Entries per request, the server's most. */
const LOG_PAGE = 1000;

type LoggedGame = Extract<LogEntry, { type: 'game' }>;

/** The site's log as its checkpoint signs it: the games it holds, or why it cannot be trusted. */
async function signedLog(base: string): Promise<{ size: number; root: string; games: Map<string, LoggedGame> }> {
  const vkey = (await getText(`${base}${LOG}/key`)).trim();
  const note = await getText(`${base}${LOG}/checkpoint`);
  let size: number;
  let root: Uint8Array;
  try {
    ({ size, root } = parseCheckpoint(openNote(note, [verifierFromKey(vkey)]).text));
  } catch (err) {
    throw new LogRefused(`its checkpoint does not verify with the key it serves (${(err as Error).message})`);
  }
  const lines: string[] = [];
  while (lines.length < size) {
    const limit = Math.min(LOG_PAGE, size - lines.length);
    const page = (await getText(`${base}${LOG}/entries?start=${lines.length}&limit=${limit}`))
      .split('\n')
      .filter((l) => l.length > 0);
    if (page.length === 0)
      throw new LogRefused(`it serves ${lines.length} entries of the ${size} its checkpoint signs`);
    lines.push(...page.slice(0, limit));
  }
  const recomputed = rootOfHashes(lines.map((l) => leafHash(utf8(l))));
  if (!bytesEqual(recomputed, root))
    throw new LogRefused(
      `its ${size} entries give root ${toBase64(recomputed)}, its signed checkpoint says ${toBase64(root)}`,
    );
  const games = new Map<string, LoggedGame>();
  for (const [i, line] of lines.entries()) {
    let e: LogEntry;
    try {
      e = decodeEntry(line);
    } catch (err) {
      throw new LogRefused(`entry ${i} is not a log entry (${(err as Error).message})`);
    }
    if (e.type === 'game') games.set(e.roll_id, e);
  }
  return { size, root: toBase64(root), games };
}

/** A log whose entries do not give its signed root: figures from it would prove nothing. */
class LogRefused extends Error {}

/** Where a downloaded game differs from its log entry (empty when it is the logged game). */
function logDifferences(g: ExportedGame, e: LoggedGame | undefined): string[] {
  if (!e) return ['not in the signed log'];
  const rules = gameRulesFromWire(g.rules);
  const pairs: [string, unknown, unknown][] = [
    ['server_seed_hash', g.server_seed_hash, e.server_seed_hash],
    ['client_seed', g.client_seed, e.client_seed],
    ['nonce', g.nonce, e.nonce],
    ['chance', percentToThousandths(g.chance), e.chance],
    ['roll_under', g.roll_under, e.roll_under],
    ['roll', percentToThousandths(g.roll), e.roll],
    ['success', g.success === 1, e.success],
    ['stake_minor', g.stake_minor, e.stake_minor],
    ['target_price_minor', g.target_price_minor, e.target_price_minor],
    ['payout_per_100k', rules.payoutPer100k, e.rules.payout_per_100k],
    ['chance_min', rules.chanceMin, e.rules.chance_min],
    ['chance_max', rules.chanceMax, e.rules.chance_max],
  ];
  return pairs.filter(([, a, b]) => a !== b).map(([k, a, b]) => `${k} ${String(a)} exported, ${String(b)} logged`);
}

/** The checked and summed export of a site. */
interface AuditRun {
  checked: number;
  /** The downloaded games, to compare with the log. */
  games: ExportedGame[];
  tampered: string[];
  cells: AuditSums[];
  total: AuditSums;
}

/** Downloads and checks every revealed game; `onPage` hears the progress. */
async function auditSite(base: string, limit: number, onPage: (n: number) => void = () => {}) {
  const run: AuditRun = { checked: 0, games: [], tampered: [], cells: [], total: emptySums() };
  const nonces = new Map<string, { ids: number[]; nonces: Set<number>; max: number }>();
  let after = 0;
  for (;;) {
    const text = await getText(`${base}/api/provably_fair/games?after=${after}&limit=${limit}`);
    const lines = text.split('\n').filter((l) => l.length > 0);
    for (const line of lines) {
      const g = JSON.parse(line) as ExportedGame;
      if (g.id <= after) throw new Error(`the export went backwards at game ${g.id}`);
      after = g.id;
      run.checked += 1;
      run.games.push(g);
      const problems = gameProblems(g);
      if (problems.length > 0) run.tampered.push(`game ${g.id} (roll_id ${g.roll_id}): ${problems.join('; ')}`);
      const s = gameSums({
        chance: percentToThousandths(g.chance),
        rollUnder: g.roll_under === 1,
        success: g.success === 1,
        stakeMinor: g.stake_minor,
        targetPriceMinor: g.target_price_minor,
      });
      addSums((run.cells[cellIndex(bandOf(percentToThousandths(g.chance)), g.roll_under === 1)] ??= emptySums()), s);
      addSums(run.total, s);
      const seed = nonces.get(g.server_seed_hash) ?? { ids: [], nonces: new Set<number>(), max: -1 };
      if (seed.nonces.has(g.nonce))
        run.tampered.push(`game ${g.id} (roll_id ${g.roll_id}): nonce ${g.nonce} used twice on its seed`);
      seed.nonces.add(g.nonce);
      seed.ids.push(g.id);
      seed.max = Math.max(seed.max, g.nonce);
      nonces.set(g.server_seed_hash, seed);
    }
    onPage(run.checked);
    if (lines.length < limit) break;
  }
  // A revealed seed's games are all exported together, so its nonces must run 0 .. n-1 without a gap.
  for (const [hash, seed] of nonces) {
    if (seed.max + 1 !== seed.nonces.size)
      run.tampered.push(`seed ${hash}: nonces skip (${seed.nonces.size} games, highest nonce ${seed.max})`);
  }
  return run;
}

const pct = (x: number | null) => (x === null ? '-' : `${(x * 100).toFixed(3)} %`);

/** The figures as printed, one line each. */
function describeFigures(run: AuditRun): string[] {
  const totals = totalFigures(run.total);
  const lines = [
    `games ${totals.games}, wins ${totals.wins}, stake ${totals.stake_minor}, payout ${totals.payout_minor} (minor units)`,
    `return to player ${pct(totals.rtp)}, promised ${pct(totals.expected_rtp)}, 95 % interval ${pct(totals.rtp_low)} .. ${pct(totals.rtp_high)}`,
    'band %        direction  games      wins  expected        z  95 % interval',
  ];
  for (const b of bandsFigures(run.cells)) {
    const dir = b.roll_under ? 'under' : 'over';
    lines.push(
      `${`${b.from}-${b.to}`.padEnd(13)} ${dir.padEnd(9)} ${String(b.games).padStart(6)} ${String(b.wins).padStart(9)} ` +
        `${b.expected_wins.toFixed(2).padStart(9)} ${b.z.toFixed(2).padStart(8)}  ${b.low} .. ${b.high}`,
    );
  }
  return lines;
}

/** Where the downloaded games' figures and the site's differ (the site's figures hold no unrevealed game). */
function figureDifferences(run: AuditRun, site: SiteAudit): string[] {
  const ours = totalFigures(run.total);
  const out: string[] = [];
  for (const key of ['games', 'wins', 'stake_minor', 'payout_minor'] as const)
    if (ours[key] !== site[key]) out.push(`${key}: ${ours[key]} here, ${site[key]} on the site`);
  bandsFigures(run.cells).forEach((b, i) => {
    const s = site.bands[i];
    if (!s || s.games !== b.games || s.wins !== b.wins)
      out.push(
        `band ${b.from}-${b.to} ${b.roll_under ? 'under' : 'over'}: ${b.wins}/${b.games} here, ${s?.wins}/${s?.games} on the site`,
      );
  });
  return out;
}

async function main(): Promise<number> {
  let url: string;
  let limit: number;
  try {
    const { values } = parseArgs({ options: { url: { type: 'string' }, limit: { type: 'string' } } });
    url = new URL(values.url ?? '').origin;
    limit = Number(values.limit ?? 1000);
    if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new Error('--limit must be 1 to 10000');
  } catch (err) {
    process.stderr.write(`error: ${(err as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const siteAudit = async () => JSON.parse(await getText(`${url}/api/provably_fair/audit?window=all`)) as SiteAudit;
  const before = await siteAudit();
  const run = await auditSite(url, limit, (n) => process.stderr.write(`\rdownloaded ${n} games`));
  const after = await siteAudit();
  process.stderr.write('\n');
  // The log is read after the export: a revealed game was logged before its seed's reveal.
  let log: Awaited<ReturnType<typeof signedLog>>;
  try {
    log = await signedLog(url);
  } catch (err) {
    if (!(err instanceof LogRefused)) throw err;
    process.stdout.write(
      `REFUSED: the public log of ${url} does not match its signed checkpoint: ${err.message}.\n` +
        'No figures are given from a log that is not the one signed.\n',
    );
    return 1;
  }
  const out: string[] = [
    `Public log: ${log.size} entries, root ${log.root} recomputed from them = the signed checkpoint's.`,
    `Audit of ${url}: ${run.checked} revealed games downloaded and recomputed.`,
  ];
  out.push(...describeFigures(run));
  out.push(
    `The site also counts ${after.unrevealed_games} games whose server seed is still secret (not exported yet).`,
  );
  let failed = false;
  const unlogged = run.games.flatMap((g) => {
    const diff = logDifferences(g, log.games.get(g.roll_id));
    return diff.length > 0 ? [`game ${g.id} (roll_id ${g.roll_id}): ${diff.join('; ')}`] : [];
  });
  if (unlogged.length > 0) {
    failed = true;
    out.push(`NOT AS LOGGED: ${unlogged.length} game(s) differ from the signed log:`, ...unlogged.map((t) => `  ${t}`));
  } else out.push('Every game is the one its signed log entry records.');
  if (run.tampered.length > 0) {
    failed = true;
    out.push(`TAMPERED: ${run.tampered.length} problem(s):`, ...run.tampered.map((t) => `  ${t}`));
  } else out.push('Every game checks: seed hash, roll, result, chance and nonces.');
  if (before.games !== after.games || before.unrevealed_games !== after.unrevealed_games) {
    out.push('Games were played during the download: figures not compared; run again at a quieter moment.');
  } else if (after.unrevealed_games > 0) {
    const exported = after.games - after.unrevealed_games;
    if (exported !== run.checked) {
      failed = true;
      out.push(`MISMATCH: the site counts ${exported} revealed games, ${run.checked} were exported.`);
    } else out.push('Revealed game count agrees with the site (band figures compared once no seed is active).');
  } else {
    const diff = figureDifferences(run, after);
    if (diff.length > 0) {
      failed = true;
      out.push('MISMATCH with the site figures:', ...diff.map((d) => `  ${d}`));
    } else out.push('The figures agree with the site (GET /api/provably_fair/audit?window=all).');
  }
  process.stdout.write(`${out.join('\n')}\n`);
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    process.stderr.write(`error: ${err.message}\n`);
    process.exit(2);
  },
);
