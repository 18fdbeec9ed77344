/**
 * PGlite is single-process: whoever opens DATA_DIR must hold it alone. A lock file with the holder's pid and
 * role; a lock whose process is gone is stale and taken over, so a kill -9 never blocks the next start.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Who holds a data directory. */
export interface LockHolder {
  pid: number;
  role: string;
}

/** Raised when another live process holds the directory. */
export class DirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(`the ${holder.role} (pid ${holder.pid}) holds ${dataDir}; stop it or use DATABASE_URL`);
  }
}

/** The lock file of a data directory. */
export function lockPath(dataDir: string): string {
  return path.join(dataDir, 'upgrades.lock');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live holder of the directory, or null. */
export function lockHolder(dataDir: string): LockHolder | null {
  try {
    const holder = JSON.parse(fs.readFileSync(lockPath(dataDir), 'utf8')) as LockHolder;
    return Number.isInteger(holder.pid) && isAlive(holder.pid) ? holder : null;
  } catch {
    return null;
  }
}

/** Takes the directory for this process; throws DirLockedError if a live process holds it. Returns release(). */
export function acquireDirLock(dataDir: string, role: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = lockPath(dataDir);
  const body = JSON.stringify({ pid: process.pid, role } satisfies LockHolder);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, body, { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (JSON.parse(fs.readFileSync(file, 'utf8')).pid === process.pid) fs.unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = lockHolder(dataDir);
      if (holder) throw new DirLockedError(dataDir, holder);
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`could not take the lock ${file}`);
}
