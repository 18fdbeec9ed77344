import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Three projects: pure rules, the server against PGlite (or DATABASE_URL), and the UI in jsdom.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/domain/**/*.test.ts', 'tests/catalogue/**/*.test.ts', 'tests/scripts/**/*.test.ts'], environment: 'node' } },
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
