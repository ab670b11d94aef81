import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://127.0.0.1:${port}`;
// A fresh embedded database for every run.
const dataDir = mkdtempSync(join(tmpdir(), 'bank-e2e-'));

export const e2eAdmin = { email: 'admin@e2e.bank', password: 'Admin#E2e2026' };

/**
 * E2E_DATABASE_URL: the same bundle on PostgreSQL (a fresh database the caller made, e.g.
 * scripts/test.sh on TEST_DATABASE_URL's server) with Redis (E2E_REDIS_URL), for the journeys
 * that cover the most of what differs there: sign-in with 2FA, a transfer the payee sees live
 * (LISTEN/NOTIFY), an administrator's journey. E2E_DATABASE_DIRECT_URL, when set, is passed
 * on as DATABASE_DIRECT_URL (E2E_DATABASE_URL may then be a pooler). docs/decisions/025.
 */
const postgresUrl = process.env.E2E_DATABASE_URL;
const postgresJourneys =
  /two-factor set-up, sign-out, and sign-in with a code|a transfer reaches another customer live|an administrator monitors transactions/;
const onPostgres: Record<string, string> = postgresUrl
  ? {
      DATABASE_URL: postgresUrl,
      ...(process.env.E2E_DATABASE_DIRECT_URL
        ? { DATABASE_DIRECT_URL: process.env.E2E_DATABASE_DIRECT_URL }
        : {}),
      ...(process.env.E2E_REDIS_URL ? { REDIS_URL: process.env.E2E_REDIS_URL } : {}),
    }
  : {};

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  grep: postgresUrl ? postgresJourneys : undefined,
  // A journey is several people and pages, each checked by axe: on the two-core machine CI
  // runs on, a busy minute stretches most of them past 60 s (the longest set their own).
  timeout: 120_000,
  expect: { timeout: 10_000 },
  // The JSON report feeds the summary line of scripts/test.sh.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  outputDir: postgresUrl ? 'test-results/postgres' : 'test-results',
  use: {
    baseURL,
    // A click or a navigation that cannot happen fails on its own line, not as the test's timeout.
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium: never a downloaded browser (docs/architecture.md 1).
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    // The production build of both: the SPA and the server's bundle, run by plain node.
    // E2E_BUILT: the caller has just built both (scripts/test.sh, after typecheck).
    command: `${process.env.E2E_BUILT ? '' : 'pnpm build && pnpm --filter @bank/server build && '}node --enable-source-maps --max-semi-space-size=8 ../server/dist/main.mjs`,
    // Ready, not only alive: the database (and Redis, when set) answer.
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: e2eAdmin.email,
      ADMIN_PASSWORD: e2eAdmin.password,
      // External transfers and withdrawals clear after two seconds (the default is ten).
      SETTLEMENT_DELAY_MS: '2000',
      // Scheduled transfers due today are looked for every second (a minute at most otherwise).
      SCHEDULE_RUN_INTERVAL_MS: '1000',
      // Money e-mails go out every second (every 30 s otherwise).
      MONEY_MAIL_INTERVAL_MS: '1000',
      // As behind a load balancer: the fixtures' made-up customers each bring an address.
      TRUST_PROXY: 'true',
      ...onPostgres,
    },
  },
});
