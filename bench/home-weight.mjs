// A phone's first load of a page (issue 19): the built server on a fresh data directory, Debian's
// Chromium at 390x844 with a mobile user agent and no service worker, every request until the
// network has been quiet for a second. Prints each script with its compressed size as the server
// sent it (brotli here), then the totals per type. Figures go to bench/README.md by hand.
//   node bench/home-weight.mjs            / and /ar
//   node bench/home-weight.mjs /path ...  these paths
//   --json                                one JSON line per page instead of tables
import { chromium, devices } from '@playwright/test';
import launchOptions from '../e2e/chromium.json' with { type: 'json' };
import { startBuiltSite, waitForServer } from './lib.mjs';

/** The budget for home on a phone. */
const BUDGET = { scriptKB: 110, scripts: 15 };
const QUIET_MS = 1000;

const args = process.argv.slice(2);
const json = args.includes('--json');
const paths = args.filter((a) => !a.startsWith('--'));
const pages = paths.length ? paths : ['/', '/ar'];

const site = startBuiltSite('weight');
const { base } = site;

const kb = (n) => +(n / 1024).toFixed(1);

/** Loads `pagePath` in a fresh context and returns every finished request with its sizes. */
async function firstLoad(browser, pagePath) {
  const withList = /^\/(?:[a-z]{2}\/?)?$/.test(pagePath);
  const context = await browser.newContext({
    ...devices['Pixel 5'],
    viewport: { width: 390, height: 844 },
    // The worker's install fetches the shell again; a first visit's own page is what is measured.
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const requests = [];
  let inflight = 0;
  let last = Date.now();
  page.on('request', () => {
    inflight += 1;
    last = Date.now();
  });
  const settle = () => {
    inflight -= 1;
    last = Date.now();
  };
  page.on('requestfailed', settle);
  page.on('requestfinished', async (request) => {
    try {
      const response = await request.response();
      const sizes = await request.sizes();
      requests.push({
        url: request.url(),
        type: request.resourceType(),
        encoding: (await response?.headerValue('content-encoding')) ?? '',
        body: sizes.responseBodySize,
        headers: sizes.responseHeadersSize,
      });
    } finally {
      settle();
    }
  });
  await page.goto(`${base}${pagePath}`, { waitUntil: 'load' });
  // The app starts after the first paint and then loads its route, strings and data.
  await page.getByTestId('credits-balance').filter({ hasText: /\d/ }).waitFor({ timeout: 60_000 });
  if (withList) await page.getByTestId('character-card').first().waitFor({ timeout: 60_000 });
  while (inflight > 0 || Date.now() - last < QUIET_MS) await page.waitForTimeout(100);
  await context.close();
  return requests;
}

function summarise(pagePath, requests) {
  const scripts = requests
    .filter((r) => r.type === 'script')
    .map((r) => ({ file: new URL(r.url).pathname, encoding: r.encoding, KB: kb(r.body), bytes: r.body }));
  const byType = {};
  for (const r of requests) {
    byType[r.type] ??= { requests: 0, bytes: 0 };
    byType[r.type].requests += 1;
    byType[r.type].bytes += r.body;
  }
  const scriptBytes = scripts.reduce((sum, s) => sum + s.bytes, 0);
  return { page: pagePath, scripts, byType, scriptBytes, scriptCount: scripts.length };
}

try {
  // A loaded machine can take minutes to seed a fresh catalogue.
  await waitForServer(base, 3000);
  const browser = await chromium.launch(launchOptions);
  // A warm-up load: the first page of a fresh server seeds its caches.
  await firstLoad(browser, '/');
  const results = [];
  for (const pagePath of pages) results.push(summarise(pagePath, await firstLoad(browser, pagePath)));
  await browser.close();
  for (const r of results) {
    if (json) {
      console.log(
        JSON.stringify({
          page: r.page,
          scriptKB: kb(r.scriptBytes),
          scripts: r.scriptCount,
          files: r.scripts,
        }),
      );
      continue;
    }
    console.log(`\n${r.page}: scripts in load order (compressed body as sent)`);
    console.table(r.scripts.map(({ file, encoding, KB }) => ({ file, encoding, KB })));
    console.table(
      Object.fromEntries(
        Object.entries(r.byType).map(([type, t]) => [type, { requests: t.requests, KB: kb(t.bytes) }]),
      ),
    );
    const within = kb(r.scriptBytes) <= BUDGET.scriptKB && r.scriptCount <= BUDGET.scripts;
    console.log(
      `${r.page}: ${r.scriptCount} scripts, ${kb(r.scriptBytes)} KB ` +
        `(budget ${BUDGET.scripts} and ${BUDGET.scriptKB} KB: ${within ? 'within' : 'OVER'})`,
    );
  }
} finally {
  site.stop();
}
