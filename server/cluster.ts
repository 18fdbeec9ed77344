/**
 * WEB_CONCURRENCY > 1: a node:cluster primary forks whole servers on one port and replaces any that die. All
 * state is in PostgreSQL, so the workers behave as one site.
 */
import cluster, { type Worker } from 'node:cluster';

/** How the primary reports. */
export interface PrimaryOptions {
  workers: number;
  /** Called once, with the port, when all workers listen. */
  onListening(port: number): void;
  log(line: string): void;
}

/** More restarts than this within a minute means the workers cannot start: give up. */
const MAX_RESTARTS_PER_MINUTE = 10;

/** Forks, supervises and stops the workers; resolves once the first generation listens. */
export function runPrimary(opts: PrimaryOptions): Promise<void> {
  // Workers accept themselves: with round-robin, a handle in flight to a dying worker stayed open, unanswered.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  let stopping = false;
  let exitCode = 0;
  const restarts: number[] = [];
  const listening = new Set<Worker>();
  let announced = false;

  return new Promise((resolve) => {
    const fork = () => {
      const worker = cluster.fork();
      worker.on('listening', (address) => {
        listening.add(worker);
        if (announced) opts.log(`worker ${worker.process.pid} listening`);
        if (!announced && listening.size >= opts.workers) {
          announced = true;
          opts.onListening(address.port);
          resolve();
        }
      });
    };

    cluster.on('exit', (worker, code, signal) => {
      listening.delete(worker);
      if (stopping) {
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
        return;
      }
      const now = Date.now();
      restarts.push(now);
      while (restarts.length > 0 && restarts[0] < now - 60_000) restarts.shift();
      if (restarts.length > MAX_RESTARTS_PER_MINUTE) {
        opts.log(
          `worker ${worker.process.pid} exited (${signal ?? code}); ${restarts.length} restarts in a minute, giving up`,
        );
        stop('crash loop', 1);
        return;
      }
      opts.log(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
      fork();
    });

    const stop = (why: string, code = 0) => {
      if (stopping) return;
      stopping = true;
      exitCode = code;
      opts.log(`${why}: stopping ${Object.keys(cluster.workers ?? {}).length} workers`);
      const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
      if (alive.length === 0) process.exit(exitCode);
      for (const w of alive) w.process.kill('SIGTERM');
      // A stuck worker must not keep the primary past an orchestrator's 10 s.
      setTimeout(() => {
        for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGKILL');
        process.exit(exitCode);
      }, 9_500).unref();
    };
    process.on('SIGINT', () => stop('SIGINT'));
    process.on('SIGTERM', () => stop('SIGTERM'));

    for (let i = 0; i < opts.workers; i++) fork();
  });
}

/** In a worker: exit when the primary is gone, so a kill -9 of it leaves no orphans serving. */
export function exitWithPrimary(shutdown: (why: string) => void): void {
  process.on('disconnect', () => shutdown('primary gone'));
}
