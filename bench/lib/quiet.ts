/**
 * A quiet machine before each measurement: PostgreSQL's checkpoint and the page cache written out, then (for page
 * figures) the CPU outside the bench's browser under QUIET_BUSY of the cores for QUIET_SAMPLES samples in a row.
 * Capped, and reported in the figure's note.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { checkpoint } from './pg.ts';

const QUIET_BUSY = 0.1;
const SAMPLE_MS = 500;
const QUIET_SAMPLES = 3;
const CAP_MS = 60_000;

/** A process's /proc/<pid>/<file>, or '' once it has ended. */
export function procFile(pid: number | string, file: string): string {
  try {
    return fs.readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return '';
  }
}

/** User + system CPU of a process in clock ticks (USER_HZ 100), from /proc/<pid>/stat; 0 once it has ended. */
export function cpuTicks(pid: number | string): number {
  const stat = procFile(pid, 'stat');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return stat ? Number(f[11]) + Number(f[12]) : 0;
}

/**
 * Jiffies since boot (Linux; null elsewhere), busy and total, without Chromium's: a throttled page keeps its main
 * thread spinning even at rest, so "quiet" means the rest of the machine.
 */
function cpuTimes(): { busy: number; total: number } | null {
  try {
    const f = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/).slice(1).map(Number);
    const chromium = fs
      .readdirSync('/proc')
      .filter((pid) => /^(chromium|chrome|headless_shell)/.test(procFile(pid, 'comm')))
      .reduce((sum, pid) => sum + cpuTicks(pid), 0);
    const total = f.reduce((a, b) => a + b, 0);
    return { busy: total - f[3] - (f[4] ?? 0) - chromium, total };
  } catch {
    return null;
  }
}

/** How the wait went. */
export interface Quiet {
  waitedMs: number;
  /** The busy share of the cores outside Chromium over the last sample (0 to 1). */
  busy: number;
  quiet: boolean;
}

/** Checkpoints PostgreSQL, then waits for QUIET_SAMPLES quiet samples in a row (at most CAP_MS). */
export async function waitForQuietMachine(): Promise<Quiet> {
  const started = Date.now();
  await checkpoint().catch(() => undefined);
  let last = cpuTimes();
  let quiet = 0;
  let busy = 0;
  while (last && quiet < QUIET_SAMPLES && Date.now() - started < CAP_MS) {
    await new Promise((r) => setTimeout(r, SAMPLE_MS));
    const now = cpuTimes();
    if (!now) break;
    busy = Math.max(0, (now.busy - last.busy) / Math.max(1, now.total - last.total));
    quiet = busy < QUIET_BUSY ? quiet + 1 : 0;
    last = now;
  }
  return { waitedMs: Date.now() - started, busy: Number(busy.toFixed(3)), quiet: quiet >= QUIET_SAMPLES };
}

/** The wait as a note for a figure. */
export function quietNote(q: Quiet): string {
  const busy = `CPU outside the browser ${(q.busy * 100).toFixed(0)} % busy${q.quiet ? '' : ', not quiet: cap reached'}`;
  return `machine quiet after ${(q.waitedMs / 1000).toFixed(1)} s (${busy})`;
}

/**
 * PostgreSQL's checkpoint, then the page cache written out (`sync`): the setup's hundreds of MB would otherwise be
 * written back mid-round, and every WAL flush would wait behind them.
 */
export async function settleDisk(): Promise<void> {
  await checkpoint().catch(() => undefined);
  await new Promise<void>((resolve) => execFile('sync', () => resolve()));
}
