// A quiet machine before each page figure: the disk settled, then the CPU outside the bench's browser under 10 %
// for three 0.5 s samples in a row, at most 60 s; the wait goes into the figure's note.
import fs from 'node:fs';
import { settleDisk } from './pg.ts';

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

// Busy and total jiffies since boot without Chromium's (null off Linux): a throttled page keeps its main thread
// spinning even at rest, so "quiet" means the rest of the machine.
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

/** How the wait went: its length, the busy share of the cores outside Chromium over the last sample, the outcome. */
export type Quiet = { waitedMs: number; busy: number; quiet: boolean };

/** Settles the disk, then waits for three quiet samples in a row (at most 60 s). */
export async function waitForQuietMachine(): Promise<Quiet> {
  const started = Date.now();
  await settleDisk();
  let last = cpuTimes();
  let quiet = 0;
  let busy = 0;
  while (last && quiet < 3 && Date.now() - started < 60_000) {
    await new Promise((r) => setTimeout(r, 500));
    const now = cpuTimes();
    if (!now) break;
    busy = Math.max(0, (now.busy - last.busy) / Math.max(1, now.total - last.total));
    quiet = busy < 0.1 ? quiet + 1 : 0;
    last = now;
  }
  return { waitedMs: Date.now() - started, busy: Number(busy.toFixed(3)), quiet: quiet >= 3 };
}

/** The wait as a note for a figure. */
export function quietNote(q: Quiet): string {
  const busy = `CPU outside the browser ${(q.busy * 100).toFixed(0)} % busy${q.quiet ? '' : ', not quiet: cap reached'}`;
  return `machine quiet after ${(q.waitedMs / 1000).toFixed(1)} s (${busy})`;
}
