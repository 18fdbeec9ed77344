/**
 * Starts the real server (server/main.ts) as its own process, so the bench measures it like production: its
 * own event loop, its own RSS. `node --import tsx` keeps it one process (the tsx CLI would add a parent).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';

/** A running server. */
export interface BenchServer {
  url: string;
  pid: number;
  /** Resident set size now, in MB (from /proc). */
  rssMb(): number;
  /** CPU time the server process has used so far (user + system), in seconds. */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

/**
 * Environment that switches off what would throttle a load test: the rate limits (docs/server.md; 0 turns a
 * limit off) and per-request logging.
 */
const BENCH_ENV = {
  LOG_LEVEL: 'warn',
  RATE_LIMIT_AUTH_PER_MIN: '0',
  RATE_LIMIT_LOGIN_PER_USER_PER_MIN: '0',
  RATE_LIMIT_UPGRADE_PER_MIN: '0',
  RATE_LIMIT_UPGRADE_IP_PER_MIN: '0',
};

/**
 * The server and its children (the cluster workers with WEB_CONCURRENCY > 1), so CPU and RSS cover the whole
 * server however many processes it runs. A worker replaced mid-run loses its CPU time from the sum (none is).
 */
function processTree(root: number): number[] {
  const out = [root];
  for (let i = 0; i < out.length; i++) {
    try {
      for (const task of fs.readdirSync(`/proc/${out[i]}/task`)) {
        const children = fs.readFileSync(`/proc/${out[i]}/task/${task}/children`, 'utf8').trim();
        if (children) out.push(...children.split(' ').map(Number));
      }
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return out;
}

function rssKb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** User + system CPU of a process in clock ticks (USER_HZ 100): fields 14 and 15 of /proc/<pid>/stat. */
function cpuTicks(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** Starts server/main.ts with env on a free port; resolves once it prints its address. */
export async function startServer(env: Record<string, string>, timeoutMs = 90_000): Promise<BenchServer> {
  // BENCH_SERVER_NODE_ARGS: e.g. '--cpu-prof --cpu-prof-dir=reports/profiles' to see where a figure goes.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, ...BENCH_ENV, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  // BENCH_SERVER_OUT: a file that gets the server's stdout and stderr (with BENCH_SERVER_NODE_ARGS=--trace-gc, say).
  const tee = process.env.BENCH_SERVER_OUT;
  if (tee) {
    const sink = fs.createWriteStream(tee, { flags: 'a' });
    child.stdout!.pipe(sink);
    child.stderr!.pipe(sink);
  }
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in ${timeoutMs} ms:\n${out}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /on (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  child.removeAllListeners('exit');
  const pid = child.pid!;
  return {
    url,
    pid,
    rssMb: () => processTree(pid).reduce((sum, p) => sum + rssKb(p), 0) / 1024,
    cpuSeconds: () => processTree(pid).reduce((sum, p) => sum + cpuTicks(p), 0) / 100,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
