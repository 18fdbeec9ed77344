/**
 * WEB_CONCURRENCY > 1 (PostgreSQL only): this process becomes a node:cluster primary that forks that many
 * workers, each a whole server (its own pool of PG_POOL_SIZE) on the one shared port. The primary migrates and
 * seeds once before forking, prints the start-up line when every worker listens, replaces a worker that dies
 * (e.g. kill -9) and passes SIGTERM/SIGINT on. A worker whose primary is gone (its IPC channel closed) exits, so
 * a kill -9 of the primary leaves no orphans serving. All state is in the database, so workers behave as one
 * site exactly as several `npm start` processes do.
 */
import cluster, { type Worker } from 'node:cluster';

/** How the primary reports. */
export interface PrimaryOptions {
  workers: number;
  /** Called once, with the port, when all workers listen. */
  onListening(port: number): void;
  log(line: string): void;
}

/** More restarts than this within a minute means the workers cannot start: the primary gives up (exit 1). */
const MAX_RESTARTS_PER_MINUTE = 10;

/** Runs the primary: forks, supervises and stops the workers. Returns once the first generation listens. */
export function runPrimary(opts: PrimaryOptions): Promise<void> {
  // Workers accept from the shared socket themselves: a killed worker's connections close with it. With the
  // primary accepting and handing over (round-robin), a handle in flight to a dying worker stayed open, unanswered.
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
      // Workers drain and exit within 9 s by themselves; one stuck anyway must not keep the primary past 10 s.
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

/** In a worker: exit when the primary is gone, so nothing keeps serving without its supervisor. */
export function exitWithPrimary(shutdown: (why: string) => void): void {
  process.on('disconnect', () => shutdown('primary gone'));
}
