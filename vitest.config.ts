import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Projects: pure rules, the server against PGlite (or DATABASE_URL), the UI in jsdom, and the reliability
// scenarios (real server processes, faults, fuzz: minutes, so `npm test` leaves them to `npm run test:reliability`).
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
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'reliability',
          include: ['tests/reliability/**/*.test.ts'],
          // Cutting PostgreSQL connections needs PostgreSQL: on PGlite that scenario has nothing to cut.
          exclude: process.env.DATABASE_URL ? [] : ['tests/reliability/db-loss.test.ts'],
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
          // The size budget (issue 6): builds the SPA once and checks gzipped sizes; no timings.
          name: 'budget',
          include: ['tests/budget/**/*.test.ts'],
          environment: 'node',
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
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
