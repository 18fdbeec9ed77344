import fs from 'node:fs';
import { defineConfig, type TestProjectConfiguration } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { PG_FILES } from './tests/server/pg-files.ts';

// A reliability scenario that starts real server processes (tests/reliability/helpers/server.ts) loads the
// machine on purpose and runs alone; the rest call the app in-process and run in parallel with the server suite.
const RELIABILITY_DIR = 'tests/reliability';
const reliabilityFiles = fs
  .readdirSync(RELIABILITY_DIR)
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => `${RELIABILITY_DIR}/${f}`);
const startsProcesses = (file: string) => /from '\.\/helpers\/server\.ts'/.test(fs.readFileSync(file, 'utf8'));
export const PROCESS_SCENARIOS = reliabilityFiles.filter(startsProcesses);
export const IN_PROCESS_SCENARIOS = reliabilityFiles.filter((f) => !startsProcesses(f));

// PGlite is one process: its own process-level scenarios are the kill -9 crash run (the directory lock taken over)
// and SIGTERM (drained, then the embedded database closed cleanly).
const PGLITE_SCENARIOS = ['tests/reliability/crash.test.ts', 'tests/reliability/shutdown.test.ts'];

const serverProject = (name: string, include: string[]): TestProjectConfiguration => ({
  test: {
    name,
    include,
    environment: 'node',
    globalSetup: ['tests/server/global-setup.ts'],
    // Files that start processes or migrate a fresh database take minutes on a 2-core machine CI shares.
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});

// Projects: pure rules; the server against PGlite (or DATABASE_URL) with the in-process reliability scenarios;
// its driver-sensitive files on PostgreSQL (`pg`, only with DATABASE_URL); the process-level reliability
// scenarios; the size budget and inspector check on the production build; the UI in jsdom.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/domain/**/*.test.ts', 'tests/catalogue/**/*.test.ts', 'tests/scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      serverProject('server', ['tests/server/**/*.test.ts', ...IN_PROCESS_SCENARIOS]),
      ...(process.env.DATABASE_URL ? [serverProject('pg', Object.keys(PG_FILES))] : []),
      {
        test: {
          name: 'reliability',
          include: process.env.DATABASE_URL ? PROCESS_SCENARIOS : PGLITE_SCENARIOS,
          environment: 'node',
          globalSetup: ['tests/server/global-setup.ts'],
          // One scenario at a time: they start servers and load a 2-core machine on purpose.
          fileParallelism: false,
          testTimeout: 600_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          // Bundle sizes and what production leaves out, measured on the one production build (dist/).
          name: 'budget',
          include: ['tests/budget/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/budget/build-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'ui',
          include: ['tests/ui/**/*.test.{ts,tsx}', 'tests/machines/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          server: { deps: { inline: ['@pixi/react'] } },
          testTimeout: 30_000,
          // A suite's in-process server migrates a fresh PGlite first: on a busy 2-core machine that passes a minute.
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
