// The real server (server/main.ts) in its own process, measured like production: its own event loop and RSS.
// `node --import tsx` keeps it one process (the tsx CLI would add a parent).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpuTicks, procFile } from './quiet.ts';

/** A running server. */
export interface BenchServer {
  url: string;
  /** Resident set size now, in MB, of the server and its cluster workers. */
  rssMb(): number;
  /** Resolves once the server has used no CPU for a second (at most 60 s), e.g. after a background encoding. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/** Switches off what would throttle a load test: every rate limit (0 turns one off) and per-request logs. */
const LIMITS = [
  'AUTH_PER_MIN',
  'LOGIN_PER_USER_PER_MIN',
  'UPGRADE_PER_MIN',
  'UPGRADE_IP_PER_MIN',
  'PAGE_IP_PER_MIN',
  'PLAYER_PER_MIN',
  'PUBLIC_PER_MIN',
];
const BENCH_ENV = {
  LOG_LEVEL: 'warn',
  ...Object.fromEntries([...LIMITS, 'SEED_PER_HOUR'].map((k) => [`RATE_LIMIT_${k}`, '0'])),
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
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, ...BENCH_ENV, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  // Settled once: a timeout or an exit after the address was printed changes nothing.
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /on (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
      if (m) resolve(m[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
    setTimeout(() => reject(new Error(`server did not start in ${timeoutMs} ms:\n${out}`)), timeoutMs).unref();
  }).catch((err: Error) => {
    child.kill('SIGKILL');
    throw err;
  });
  const pid = child.pid!;
  const cpuSeconds = () => processTree(pid).reduce((sum, p) => sum + cpuTicks(p), 0) / 100;
  return {
    url,
    rssMb: () => processTree(pid).reduce((sum, p) => sum + rssKb(p), 0) / 1024,
    idle: async () => {
      const t0 = Date.now();
      for (let quiet = 0, last = cpuSeconds(); quiet < 2 && Date.now() - t0 < 60_000;) {
        await new Promise((r) => setTimeout(r, 500));
        const cpu = cpuSeconds();
        quiet = cpu - last < 0.02 ? quiet + 1 : 0;
        last = cpu;
      }
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
      clearTimeout(kill);
    },
  };
}
