// The chat page's main thread while a reply streams (issue 19, item 16): Debian's Chromium at
// 390x844 with the CPU slowed 4x (Lighthouse's phone), the built server on a fresh data
// directory, and a local OpenAI-compatible backend that streams a long role-play reply in
// Markdown (narration in italics, bold, a list, code, a link), one to three words every 10 ms.
// Long tasks (50 ms or more, PerformanceObserver) are counted from the click on Send to the
// last word drawn, with their blocking time (the part over 50 ms), and the same for the page's
// first load. Figures go to bench/README.md by hand.
//   node bench/chat-main-thread.mjs [--words 600] [--runs 3]
import { chromium } from '@playwright/test';
import launchOptions from '../e2e/chromium.json' with { type: 'json' };
import { startBuiltSite, startOpenAiStream, visibleCharacterId, waitForServer } from './lib.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at === -1 ? fallback : Number(args[at + 1]) || fallback;
};
const WORDS = option('--words', 600);
const RUNS = option('--runs', 3);

/** A reply as role-play models write them: narration, speech, emphasis, a list, code, a link. */
function replyText(words) {
  const parts = [];
  const paragraph = [
    '*She leans back against the railing, the city lights reflected in her eyes.*',
    '"You came all this way just to ask me **that**?" she laughs softly.',
    '*A pause; the wind catches her scarf.* "Fine. Here is what I know:"',
    '- the train leaves at `23:40` from platform **nine**',
    '- the letter is *not* where you left it',
    '- and [the map](https://example.com/map) was drawn by someone who never saw the river.',
  ];
  let count = 0;
  while (count < words) {
    for (const line of paragraph) {
      parts.push(line);
      count += line.split(/\s+/).length;
    }
    parts.push('');
  }
  return parts.join('\n');
}
const REPLY = replyText(WORDS);
const TOKENS = REPLY.match(/\S+\s*|\s+/g);

// One to three tokens per chunk, 10 ms apart.
const PIECES = [];
for (let i = 0, n = 1; i < TOKENS.length; i += n, n = 1 + (i % 3))
  PIECES.push(TOKENS.slice(i, i + n).join(''));
const { url: backendUrl, server: backend } = await startOpenAiStream(PIECES, { intervalMs: 10 });

const site = startBuiltSite('chat-main', {
  LLM_BASE_URL: backendUrl,
  DAILY_FREE_CREDITS: '100000',
});
const { base } = site;

/** Records long tasks from the page's start; `globalThis.__longTasks` holds [start, duration]. */
function observeLongTasks() {
  globalThis.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) globalThis.__longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
}

const summary = (tasks) => ({
  'long tasks': tasks.length,
  'longest ms': Math.round(Math.max(0, ...tasks.map(([, d]) => d))),
  'blocking ms': Math.round(tasks.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0)),
});

const rows = [];
let browser;
try {
  await waitForServer(base, 3000);
  const characterId = await visibleCharacterId(base);
  browser = await chromium.launch(launchOptions);
  for (let run = 1; run <= RUNS; run += 1) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    await page.addInitScript(observeLongTasks);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${base}/free-ai-Characters-chat/${characterId}`);
    await page.getByTestId('chat-input').waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    const loadTasks = await page.evaluate(() => globalThis.__longTasks.splice(0));
    const before = await page.getByTestId('chat-message').count();
    await page.getByTestId('chat-input').fill('Tell me everything you know about the train.');
    const sentAt = await page.evaluate(() => performance.now());
    await page.getByTestId('chat-send').click();
    await page
      .getByTestId('chat-message')
      .nth(before + 1)
      .waitFor({ timeout: 60_000 });
    await page.getByTestId('chat-stop').waitFor({ state: 'hidden', timeout: 120_000 });
    const doneAt = await page.evaluate(() => performance.now());
    const words = await page
      .getByTestId('chat-message')
      .nth(before + 1)
      .evaluate((el) => el.textContent.split(/\s+/).length);
    const streamTasks = await page.evaluate(
      (t) => globalThis.__longTasks.filter(([start]) => start >= t),
      sentAt,
    );
    rows.push({ run, phase: 'first load', ...summary(loadTasks) });
    rows.push({
      run,
      phase: `stream (${words} words, ${((doneAt - sentAt) / 1000).toFixed(1)} s)`,
      ...summary(streamTasks),
    });
    await context.close();
  }
  console.log(
    `\nChat page main thread, CPU 4x slower, a ${WORDS}-word Markdown reply streamed in ${TOKENS.length} tokens:`,
  );
  console.table(rows);
} finally {
  await browser?.close();
  backend.close();
  site.stop();
}
