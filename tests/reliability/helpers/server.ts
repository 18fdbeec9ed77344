/**
 * Real server processes for the scenarios: `node --import tsx server/main.ts` with PORT=0, ready when it prints
 * its address. Node is started directly rather than through the `tsx` CLI, because the CLI runs the server in
 * a second process: a kill -9 of the CLI would leave the server itself running.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const READY = /on http:\/\/127\.0\.0\.1:(\d+)\//;

/** A running server child. */
export interface ServerProcess {
  base: string;
  pid: number;
  child: ChildProcess;
  /** Resolves with the exit code (null after a signal) once the process is gone. */
  exited: Promise<number | null>;
  /** SIGKILL, then wait for the process to be gone. */
  kill9(): Promise<void>;
  /** SIGTERM (clean shutdown), then wait. */
  stop(): Promise<void>;
  output(): string;
}

/** Environment every scenario server gets: loopback only, quiet, no SPA, limits off (load comes from one address). */
export function serverEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  return {
    ...env,
    PORT: '0',
    HOST: '127.0.0.1',
    SITE: 'cs',
    LOG_LEVEL: 'error',
    DIST_DIR: '/nonexistent-dist',
    RATE_LIMIT_AUTH_PER_MIN: '0',
    RATE_LIMIT_LOGIN_PER_USER_PER_MIN: '0',
    RATE_LIMIT_UPGRADE_PER_MIN: '0',
    RATE_LIMIT_UPGRADE_IP_PER_MIN: '0',
    RATE_LIMIT_PAGE_IP_PER_MIN: '0',
    RATE_LIMIT_SEED_PER_HOUR: '0',
    RATE_LIMIT_PLAYER_PER_MIN: '0',
    ...extra,
  };
}

/** Starts a server and waits (at most `timeoutMs`) until it listens; rejects with its output if it exits first. */
export function startServer(extra: Record<string, string>, timeoutMs = 120_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: serverEnv(extra),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const proc = (base: string): ServerProcess => ({
    base,
    pid: child.pid!,
    child,
    exited,
    output: () => out,
    kill9: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = READY.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(proc(`http://127.0.0.1:${m[1]}`));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening:\n${out}`));
    });
  });
}
