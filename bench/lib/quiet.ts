/**
 * Waits until the machine is quiet before a page figure is measured: PostgreSQL's checkpoint is asked for first
 * (the server benches and the page bench's own data leave dirty buffers that PostgreSQL, the kernel's writeback
 * and autovacuum would otherwise work off during the measured loads), then the machine's CPU outside the bench's
 * browser (/proc) must stay under QUIET_BUSY of its cores for QUIET_SAMPLES samples in a row. Capped, and
 * reported: the wait and the last busy share go into the figure's note.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { checkpoint } from './pg.ts';

/** The busy share of all cores under which a sample counts as quiet. */
const QUIET_BUSY = 0.1;
const SAMPLE_MS = 500;
const QUIET_SAMPLES = 3;
const CAP_MS = 60_000;

/**
 * Jiffies since boot (Linux; null elsewhere): all cores' busy and total, and the busy time of the bench's own
 * Chromium. A page open under DevTools' CPU throttling keeps its renderer's main thread spinning even when the page
 * is idle (about 0.85 of a core at 4x on this machine, measured with the page at rest), so "quiet" is the rest of
 * the machine: everything but Chromium.
 */
function cpuTimes(): { busy: number; total: number } | null {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0];
    const f = line.trim().split(/\s+/).slice(1).map(Number);
    const idle = f[3] + (f[4] ?? 0);
    const total = f.reduce((a, b) => a + b, 0);
    return { busy: total - idle - chromiumJiffies(), total };
  } catch {
    return null;
  }
}

/** utime + stime of every Chromium process (by its command name). */
function chromiumJiffies(): number {
  let sum = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (!/^(chromium|chrome|headless_shell)/.test(comm)) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      sum += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return sum;
}

export interface Quiet {
  waitedMs: number;
  /** The busy share of the machine's cores outside Chromium over the last sample (0 to 1). */
  busy: number;
  quiet: boolean;
  /** BENCH_NO_QUIET=1: no wait was made. */
  skipped: boolean;
}

/** Checkpoints PostgreSQL, then waits for QUIET_SAMPLES quiet samples in a row (at most CAP_MS). */
export async function waitForQuietMachine(): Promise<Quiet> {
  const started = Date.now();
  // BENCH_NO_QUIET=1: no wait (to compare a run with the wait against one without).
  if (process.env.BENCH_NO_QUIET) return { waitedMs: 0, busy: 0, quiet: false, skipped: true };
  await checkpoint().catch(() => undefined);
  let last = cpuTimes();
  let quiet = 0;
  let busy = 0;
  while (last && quiet < QUIET_SAMPLES && Date.now() - started < CAP_MS) {
    await new Promise((r) => setTimeout(r, SAMPLE_MS));
    const now = cpuTimes();
    if (!now) break;
    // Chromium's processes and the machine's counters are read a moment apart: a sample can dip below 0.
    busy = Math.max(0, (now.busy - last.busy) / Math.max(1, now.total - last.total));
    quiet = busy < QUIET_BUSY ? quiet + 1 : 0;
    last = now;
  }
  return {
    waitedMs: Date.now() - started,
    busy: Number(busy.toFixed(3)),
    quiet: quiet >= QUIET_SAMPLES,
    skipped: false,
  };
}

/** The wait as a note for a figure. */
export function quietNote(q: Quiet): string {
  if (q.skipped) return 'no wait for a quiet machine (BENCH_NO_QUIET)';
  return `machine quiet after ${(q.waitedMs / 1000).toFixed(1)} s (CPU outside the browser ${(q.busy * 100).toFixed(0)} % busy${q.quiet ? '' : ', not quiet: cap reached'})`;
}

/** Dirty and under-writeback page cache, in kB (/proc/meminfo; 0 elsewhere). */
function dirtyKb(): number {
  try {
    const info = fs.readFileSync('/proc/meminfo', 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(info)?.[1] ?? 0);
    return kb('Dirty') + kb('Writeback');
  } catch {
    return 0;
  }
}

/**
 * Before each measured round of the server figures (pgbench's and the games' alike): PostgreSQL's checkpoint,
 * then the kernel's page cache written out (`sync`). The setup writes hundreds of MB (pgbench -i, the games
 * database) that the kernel otherwise writes back 30 s later, in the middle of a round; on this machine kind's
 * disk a WAL flush then waits behind it for up to 0.7 s, every commit of the machine with it (session 18 sampled
 * the backends' wait events: IO:WALSync, 60 to 80 % iowait). Returns what was dirty and how long it took.
 */
export async function settleDisk(): Promise<{ dirtyMb: number; ms: number }> {
  const started = Date.now();
  const dirty = dirtyKb();
  await checkpoint().catch(() => undefined);
  await new Promise<void>((resolve) => execFile('sync', () => resolve()));
  return { dirtyMb: Math.round(dirty / 1024), ms: Date.now() - started };
}
