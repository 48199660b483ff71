// Lighthouse (npm) with Debian's Chromium against the built server on a fresh data directory:
// mobile performance and accessibility of every public page, with LCP, TBT, CLS and the bytes
// of JavaScript each page loads. Figures go to bench/README.md by hand.
//   node bench/lighthouse.mjs            every public page
//   node bench/lighthouse.mjs / /ar      only these paths
//   --runs 3                             each page three times: every run, then the minimum
// Each run starts with a baseline: React and React DOM alone drawing a page of text, served
// compressed from this process. It is the floor this machine and Chromium give any React page,
// so the site's figures stand beside one measured in the same run.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import { build } from 'esbuild';
import lighthouse from 'lighthouse';
import launchOptions from '../e2e/chromium.json' with { type: 'json' };
import { startBuiltSite, visibleCharacterId, waitForServer } from './lib.mjs';

const PAGES = [
  '/',
  '/ar',
  '/free-ai-image-generator',
  '/free-ai-anime-generator',
  '/free-ai-girl-generator',
  '/free-ai-tattoo-generator',
  '/free-ai-swap-face',
  '/free-ai-voice-generator',
  '/free-ai-voice-cloning',
  '/free-ai-chat-online',
  // A seeded character's chat: the newest one a tourist can open (`:id` is filled in at start).
  '/free-ai-Characters-chat/:id',
  '/free-ai-create-character',
  '/create-characters',
  '/pay-view',
  '/blog-list',
  '/blogs/how-to-create-an-ai-character',
  '/terms-of-service',
  '/privacy-policy',
  '/refund-policy',
];
const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const RUNS = runsAt === -1 ? 1 : Math.max(1, Number(args[runsAt + 1]) || 1);
if (runsAt !== -1) args.splice(runsAt, 2);
let pages = args.length ? args : PAGES;

const site = startBuiltSite('lighthouse');
const { base } = site;

const chrome = await chromeLauncher.launch({
  chromePath: launchOptions.executablePath,
  chromeFlags: ['--headless=new', ...launchOptions.args],
});

/** React alone: 20 cards of text rendered on the client, as home's list is. */
const BASELINE_APP = `
import { createRoot } from 'react-dom/client';
const cards = Array.from({ length: 20 }, (_, i) => i);
createRoot(document.getElementById('root')).render(
  <main>{cards.map((i) => <article key={i}><h3>Character {i}</h3><p>A short description of character {i}.</p></article>)}</main>,
);`;

async function startBaseline() {
  const bundle = await build({
    stdin: {
      contents: BASELINE_APP,
      loader: 'jsx',
      resolveDir: path.resolve(import.meta.dirname, '../apps/web'),
    },
    bundle: true,
    minify: true,
    format: 'esm',
    jsx: 'automatic',
    write: false,
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const js = zlib.brotliCompressSync(bundle.outputFiles[0].contents);
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>Baseline</title><meta name="description" content="React alone"></head>' +
    '<body><div id="root"><p>Loading</p></div><script type="module" src="/app.js"></script></body></html>';
  const server = http.createServer((req, res) => {
    if (req.url === '/app.js') {
      res.writeHead(200, { 'content-type': 'text/javascript', 'content-encoding': 'br' });
      res.end(js);
    } else {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(html);
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${server.address().port}/`, kb: js.length / 1024 };
}
const baseline = await startBaseline();
const BASELINE = `(baseline: React alone, ${baseline.kb.toFixed(1)} KB)`;

const rows = [];
try {
  // A loaded machine can take minutes to seed a fresh catalogue.
  await waitForServer(base, 3000);
  const characterId = await visibleCharacterId(base);
  pages = pages.map((p) => p.replace(':id', String(characterId)));
  // One warm-up run: the first page of a fresh server seeds caches (and the images of the list).
  await lighthouse(`${base}/`, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  for (const page of [BASELINE, ...pages])
    for (let run = 1; run <= RUNS; run += 1) {
      const result = await lighthouse(page === BASELINE ? baseline.url : `${base}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      const { audits, categories } = result.lhr;
      if (result.lhr.runtimeError) {
        console.log(
          page,
          'run',
          run,
          'failed:',
          result.lhr.runtimeError.code,
          result.lhr.runtimeError.message,
        );
        continue;
      }
      if (process.env.LH_DUMP) {
        fs.writeFileSync(
          path.join(process.env.LH_DUMP, `${page.replace(/\W+/g, '_') || 'home'}.json`),
          result.report,
        );
      }
      const scripts = (audits['network-requests']?.details?.items ?? []).filter(
        (r) => r.resourceType === 'Script',
      );
      rows.push({
        page,
        ...(RUNS > 1 ? { run } : {}),
        performance: Math.round(categories.performance.score * 100),
        accessibility: Math.round(categories.accessibility.score * 100),
        'FCP s': +(audits['first-contentful-paint'].numericValue / 1000).toFixed(2),
        'LCP s': +(audits['largest-contentful-paint'].numericValue / 1000).toFixed(2),
        'TBT ms': Math.round(audits['total-blocking-time'].numericValue),
        CLS: +audits['cumulative-layout-shift'].numericValue.toFixed(3),
        'JS KB': +(scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024).toFixed(1),
      });
      const failing = Object.values(result.lhr.audits).filter(
        (a) =>
          a.score !== null &&
          a.score < 1 &&
          result.lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id),
      );
      if (failing.length) console.log(page, 'accessibility:', failing.map((a) => a.id).join(', '));
    }
  console.log('\nLighthouse, mobile (simulated slow 4G, 4x CPU slowdown):');
  console.table(rows);
  if (RUNS > 1) {
    console.log(`\nMinimum of ${RUNS} runs per page (TBT and JS KB: the maximum):`);
    console.table(
      [BASELINE, ...pages].map((page) => {
        const of = rows.filter((r) => r.page === page);
        return {
          page,
          performance: Math.min(...of.map((r) => r.performance)),
          'all runs': of.map((r) => r.performance).join(' '),
          'TBT ms': Math.max(...of.map((r) => r['TBT ms'])),
          'JS KB': Math.max(...of.map((r) => r['JS KB'])),
        };
      }),
    );
  }
} finally {
  await chrome.kill();
  site.stop();
  baseline.server.close();
}
