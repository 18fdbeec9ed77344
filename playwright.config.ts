import { defineConfig } from '@playwright/test';

/**
 * End-to-end suites in Debian's Chromium against the real server, one server per site variant, each on a
 * fresh embedded database. `npm run test:e2e` reuses the production build the size budget measured (or builds it,
 * scripts/production-build.ts) and serves it from every server.
 */
// E2E_PORT_BASE moves the suite's servers (base to base + 5), so two checkouts on one machine can run it side by side.
const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 4301);
export const VARIANTS = {
  cs: { port: PORT_BASE },
  dota: { port: PORT_BASE + 1 },
  ru: { port: PORT_BASE + 2 },
} as const;

/**
 * A Dota server of the model walk's own: its paths run beside the other specs, whose Dota pages count the site's
 * games (audit, live strip).
 */
export const MODEL_DOTA = { port: PORT_BASE + 4 } as const;

/** The Steam spec's own server (started by the spec, with a fake Steam): the port after every other. */
export const STEAM_E2E = { port: PORT_BASE + 5 } as const;

/** A CS server on PostgreSQL too, so a test can tamper with a game record while the server runs. */
export const PG_E2E = {
  port: PORT_BASE + 3,
  database: `upgrades_e2e_${PORT_BASE}`,
  url: `postgres://postgres@127.0.0.1:5432/upgrades_e2e_${PORT_BASE}`,
} as const;

/**
 * The suite signs up hundreds of players and reads the audit many times from one address, more than a
 * visitor's minute allows.
 */
const SUITE_ENV = { RATE_LIMIT_AUTH_PER_MIN: '100000', RATE_LIMIT_PUBLIC_PER_MIN: '100000' };

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Screenshot specs save pictures for a person and compare them with nothing: they run when asked, SCREENS=1. */
const SCREEN_SPECS = /[\\/]screens-[^\\/]*\.spec\.ts$/;
const MODEL_SPEC = /[\\/]model\.spec\.ts$/;
const MODEL_COVERAGE_SPEC = /[\\/]model-coverage\.spec\.ts$/;

const pgliteServer = (site: string, port: number, dir: string) => ({
  command: `rm -rf .e2e-data/${dir} && npm run serve`,
  url: `http://127.0.0.1:${port}/healthz`,
  env: {
    SITE: site,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: `.e2e-data/${dir}`,
    DEMO_MODE: '1',
    ...SUITE_ENV,
  },
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
});

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 180_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  // The model walk's paths are independent players on two workers; every other spec runs one test at a time.
  workers: 2,
  projects: [
    {
      name: 'chromium',
      testIgnore: [MODEL_SPEC, MODEL_COVERAGE_SPEC, ...(process.env.SCREENS === '1' ? [] : [SCREEN_SPECS])],
      workers: 1,
    },
    { name: 'model', testMatch: MODEL_SPEC, fullyParallel: true, workers: 2 },
    // Reads what every path proved, so it waits for them all.
    { name: 'model-coverage', testMatch: MODEL_COVERAGE_SPEC, dependencies: ['model'] },
  ],
  retries: 0,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: [
    ...Object.entries(VARIANTS).map(([site, { port }]) => pgliteServer(site, port, site)),
    pgliteServer('dota', MODEL_DOTA.port, 'model-dota'),
    {
      command: `psql -h 127.0.0.1 -U postgres -d postgres -qc 'DROP DATABASE IF EXISTS ${PG_E2E.database} WITH (FORCE)' -c 'CREATE DATABASE ${PG_E2E.database}' && npm run serve`,
      url: `http://127.0.0.1:${PG_E2E.port}/healthz`,
      env: {
        SITE: 'cs',
        PORT: String(PG_E2E.port),
        HOST: '127.0.0.1',
        DATABASE_URL: PG_E2E.url,
        DEMO_MODE: '1',
        ...SUITE_ENV,
      },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    },
  ],
});
