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

/** Starts server/main.ts with env on a free port; resolves once it prints its address. */
export async function startServer(env: Record<string, string>, timeoutMs = 90_000): Promise<BenchServer> {
  // BENCH_SERVER_NODE_ARGS: e.g. '--cpu-prof --cpu-prof-dir=reports/profiles' to see where a figure goes.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, ...BENCH_ENV, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
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
    rssMb: () => {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
    },
    cpuSeconds: () => {
      // Fields 14 and 15 of /proc/<pid>/stat, after the parenthesised command name; in clock ticks (USER_HZ 100).
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    },
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
