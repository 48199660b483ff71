// Benchmarks: starts the built server on a fresh data directory and measures
//  1. the home page's first load on a phone-sized viewport (compressed bytes per type),
//  2. API latency and throughput of credit/remain against a bare route (/healthz).
// Figures go to bench/README.md by hand, with the machine they were measured on.
import { chromium } from '@playwright/test';
import launchOptions from '../e2e/chromium.json' with { type: 'json' };
import { load, startBuiltSite, touristCookie, waitForServer } from './lib.mjs';

const site = startBuiltSite('bench');
const { base } = site;

async function pageWeight() {
  const browser = await chromium.launch(launchOptions);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  const totals = {};
  page.on('requestfinished', async (request) => {
    const sizes = await request.sizes();
    const type = request.resourceType();
    totals[type] = (totals[type] ?? 0) + sizes.responseBodySize;
  });
  await page.goto(base, { waitUntil: 'networkidle' });
  await page.getByTestId('credits-balance').filter({ hasText: /\d/ }).waitFor();
  await browser.close();
  return totals;
}

try {
  await waitForServer(base);
  const weight = await pageWeight();
  const kb = (n) => +(n / 1024).toFixed(1);
  console.log('\nHome, first load at 390 px (compressed bytes on the wire, KB):');
  console.table(Object.fromEntries(Object.entries(weight).map(([k, v]) => [k, kb(v)])));

  const cookie = await touristCookie(base);
  await load(`${base}/healthz`, {}, { durationMs: 1000 }); // warm-up
  const bare = await load(`${base}/healthz`, {});
  const remain = await load(`${base}/cgi-bin/auth/credit/remain`, { cookie });
  console.log('\nAPI, 16 concurrent clients for 3 s (PGlite):');
  console.table({ 'GET /healthz (bare)': bare, 'GET /cgi-bin/auth/credit/remain': remain });
} finally {
  site.server.kill('SIGTERM');
}
