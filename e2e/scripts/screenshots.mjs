// Screenshots for review: BASE, PAGES (comma-separated paths), WIDTHS, FULL=1, SUFFIX.
// Chinese, Japanese and Korean need a CJK font, or Chromium draws boxes: when
// `fc-list | grep -qi "Noto Sans CJK"` fails, `apt-get install fonts-noto-cjk` (as .ci/run does).
import { chromium } from '@playwright/test';
import launchOptions from '../chromium.json' with { type: 'json' };
const base = process.env.BASE ?? 'http://127.0.0.1:8090';
const pages = (process.env.PAGES ?? '/,/ar').split(',');
const widths = (process.env.WIDTHS ?? '1280,390').split(',').map(Number);
const browser = await chromium.launch(launchOptions);
for (const w of widths) {
  const ctx = await browser.newContext({
    viewport: { width: w, height: w > 600 ? 800 : 844 },
    deviceScaleFactor: 1,
  });
  const page = await ctx.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') console.log('console error', m.text());
  });
  for (const p of pages) {
    await page.goto(base + p, { waitUntil: 'networkidle' });
    await page.waitForTimeout(400);
    const name = `/tmp/shots/${p.replace(/\//g, '_') || '_'}-${w}${process.env.SUFFIX ?? ''}.png`;
    await page.screenshot({ path: name, fullPage: process.env.FULL === '1' });
    console.log(name);
  }
  await ctx.close();
}
await browser.close();
