import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
/** Debian's Chromium and the flags this closed network needs (shared with scripts and bench). */
import chromium from './chromium.json' with { type: 'json' };

/**
 * Each run serves the built site on a fresh data directory, on its own port. Both are put in
 * the environment once, so the worker processes (which load this file again) agree.
 */
process.env.E2E_PORT ??= String(8180 + (process.pid % 400));
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'lumi-e2e-'));
const PORT = Number(process.env.E2E_PORT);
const DATA_DIR = process.env.E2E_DATA_DIR;
/** A site already running (the cluster's proxy, `npm run cluster:check`): nothing is started. */
const BASE_URL = process.env.E2E_BASE_URL;

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  timeout: 30_000,
  // Two workers, the server and two browsers share two cores: a first paint can take over 5 s.
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL ?? `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: chromium,
    // The service worker stays out of the way of request mocks; site.spec.ts turns it on.
    serviceWorkers: 'block',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: BASE_URL
    ? undefined
    : {
        command: 'node ../apps/server/dist/main.js',
        url: `http://127.0.0.1:${PORT}/healthz`,
        reuseExistingServer: false,
        timeout: 180_000,
        // Public characters go live at once here, so a second visitor can like one in the same test;
        // the dev outbox (GET /dev/outbox) is where sign-in codes are read. Every test's browser
        // comes from this one address: the per-network limits are widened (RATE_LIMIT_SCALE) and
        // tourists' network pools raised, as on a site behind one big NAT.
        env: {
          NODE_ENV: 'development',
          DEV_OUTBOX: 'true',
          RATE_LIMIT_SCALE: '20',
          TOURISTS_PER_NETWORK_HOUR: '100000',
          TOURISTS_PER_NETWORK_DAY: '100000',
          TOURIST_CREDITS_PER_NETWORK_DAY: '100000000',
          PORT: String(PORT),
          HOST: '127.0.0.1',
          DATA_DIR,
          LOG_LEVEL: 'warn',
          CHARACTER_AUTO_APPROVE: 'true',
          // pay.spec.ts mints redeem codes as the first admin, operator-console.spec.ts signs in
          // as the second: one address each, so the resend limit on sign-in codes (one a minute
          // per address) never meets the two tests running side by side.
          ADMIN_EMAILS: 'admin@e2e.test,operator@e2e.test',
        },
      },
});
