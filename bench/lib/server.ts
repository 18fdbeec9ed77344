/**
 * Starts the real server (server/main.ts) as its own process, measured like production: its own event loop and
 * RSS. `node --import tsx` keeps it one process (the tsx CLI would add a parent).
 */
import { spawn } from 'node:child_process';
import { cpuTicks, procFile } from './quiet.ts';

/** A running server. */
export interface BenchServer {
  url: string;
  /** Resident set size now, in MB, of the server and its cluster workers. */
  rssMb(): number;
  /** CPU time the server and its workers have used so far, in seconds. */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

/** Switches off what would throttle a load test: the rate limits (0 turns one off) and per-request logs. */
const BENCH_ENV = {
  LOG_LEVEL: 'warn',
  RATE_LIMIT_AUTH_PER_MIN: '0',
  RATE_LIMIT_LOGIN_PER_USER_PER_MIN: '0',
  RATE_LIMIT_UPGRADE_PER_MIN: '0',
  RATE_LIMIT_UPGRADE_IP_PER_MIN: '0',
};

/** The server and its children (cluster workers), so CPU and RSS cover every process of it. */
function processTree(root: number): number[] {
  const out = [root];
  for (let i = 0; i < out.length; i++)
    for (const child of procFile(out[i], `task/${out[i]}/children`).split(' ').filter(Boolean)) out.push(Number(child));
  return out;
}

const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(procFile(pid, 'status'))?.[1] ?? 0);

/** Starts server/main.ts with env on a free port; resolves once it prints its address. */
export async function startServer(env: Record<string, string>, timeoutMs = 180_000): Promise<BenchServer> {
  // BENCH_SERVER_NODE_ARGS: e.g. '--cpu-prof --cpu-prof-dir=reports/profiles' to see where a figure goes.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, ...BENCH_ENV, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /on (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  child.removeAllListeners('exit');
  const pid = child.pid!;
  return {
    url,
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
