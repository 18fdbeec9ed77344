/**
 * What the search tools (`bench:search-ab`, `bench:search-floor`) type against: the bench's build, a PostgreSQL
 * database with the 20,000-target catalogue and the index player, and the real server on them. One set-up and one
 * tear-down for both, the same as the page bench's search step uses.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb } from '../../server/db/client.ts';
import { TYPED_KEYS } from '../page/flows.ts';
import { buildSpa } from './build.ts';
import { createDatabase, dropDatabase } from './pg.ts';
import { prepareDatabase, shapeCatalogue } from './prepare.ts';
import { startServer, type BenchServer } from './server.ts';
import { median } from './stats.ts';

export interface SearchRig {
  /** Where the SPA is built (a tool may write pages of its own beside it). */
  distDir: string;
  /** Set by start(). */
  server: BenchServer | null;
  /** The index player's session cookie. */
  cookie: string;
  /** The database's URL, set by start() (a second server may serve another build on it). */
  databaseUrl: string;
  /** Builds, prepares the database and starts the server (returned). */
  start(): Promise<BenchServer>;
  /** Stops and removes whatever start() got to; safe after a failed start. */
  stop(): Promise<void>;
}

/** A rig on database `db` (dropped again by stop()). */
export function searchRig(db: string): SearchRig {
  const rig: SearchRig = {
    distDir: fs.mkdtempSync(path.join(os.tmpdir(), `${db}-dist-`)),
    server: null,
    cookie: '',
    databaseUrl: '',
    async start() {
      await buildSpa(rig.distDir);
      const url = await createDatabase(db);
      rig.databaseUrl = url;
      const data = await prepareDatabase(
        { kind: 'pg', url },
        { catalogueTargets: 6_000, players: 0, itemsPerPlayer: 0, stakePerGame: 1, indexPlayerItems: 30 },
      );
      const handle = await openDb({ kind: 'pg', url });
      await shapeCatalogue(handle.db, 20_000);
      await handle.close();
      rig.cookie = data.indexPlayer.cookie;
      rig.server = await startServer({ DATABASE_URL: url, DIST_DIR: rig.distDir });
      return rig.server;
    },
    async stop() {
      await rig.server?.stop();
      await dropDatabase(db);
      fs.rmSync(rig.distDir, { recursive: true, force: true });
    },
  };
  return rig;
}

/**
 * Per key position, the median over typing sessions. A session with a key the probe missed is left out: its
 * positions would not line up.
 */
export function medianPerKey(sessions: number[][]): number[] {
  const whole = sessions.filter((k) => k.length === TYPED_KEYS);
  return Array.from({ length: TYPED_KEYS }, (_, i) => median(whole.map((k) => k[i])));
}
