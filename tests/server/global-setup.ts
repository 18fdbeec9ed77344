/**
 * Builds ONE migrated and seeded database per test run; each test file then gets a private copy quickly.
 * PGlite: a gzipped data-directory dump in the temp dir (loadDataDir takes ~0.7 s; a fresh instance 2-4 s).
 * PostgreSQL (DATABASE_URL): a template database; each file does CREATE DATABASE ... TEMPLATE.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../server/config.ts';
import { openDb } from '../../server/db/client.ts';
import { migrateAndRun } from '../../server/db/migrate.ts';
import { seedDatabase } from '../../server/db/seed.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** PGlite: path of the gzipped template dump. */
    pgliteTemplate: string;
    /** PostgreSQL: name of the template database ('' on PGlite). */
    pgTemplateDb: string;
  }
}

/** URL of another database on the same server as `url`. */
export function databaseUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  const config = loadConfig({}, { demoMode: true, starterPackSize: 30, logLevel: 'silent' });
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `upgrades_tpl_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const handle = await openDb({ kind: 'pg', url: databaseUrl(url, name), poolSize: 2 });
    await migrateAndRun(handle, (db) => seedDatabase(db, config));
    await handle.close();
    project.provide('pgTemplateDb', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const handle = await openDb({ kind: 'pglite' });
  await migrateAndRun(handle, (db) => seedDatabase(db, config));
  const dump = await handle.pglite!.dumpDataDir('gzip');
  await handle.close();
  const file = path.join(os.tmpdir(), `upgrades-template-${process.pid}-${Date.now().toString(36)}.tar.gz`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplateDb', '');
  return () => fs.rmSync(file, { force: true });
}
