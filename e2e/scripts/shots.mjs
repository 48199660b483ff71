// The review screenshot scripts' harness (not a test): BASE, WIDTHS, LOCALES, FULL=1.
// Chinese, Japanese and Korean need a CJK font, or Chromium draws boxes: when
// `fc-list | grep -qi "Noto Sans CJK"` fails, `apt-get install fonts-noto-cjk` (as .ci/run does).
import fs from 'node:fs';
import { chromium } from '@playwright/test';
import launchOptions from '../chromium.json' with { type: 'json' };

export const base = process.env.BASE ?? 'http://127.0.0.1:8090';
const widths = (process.env.WIDTHS ?? '1280,390').split(',').map(Number);
const locales = (process.env.LOCALES ?? 'en,ar').split(',');
const full = process.env.FULL === '1';

/**
 * Runs `walk` once per width and locale, each in a fresh context (a phone's height below 600 px
 * of width), with the page's console errors printed. `shot(name)` saves
 * /tmp/shots/<name>-<locale>-<width>.png (the whole page with FULL=1, or `{ full: true }`);
 * `{ screens: true }` takes a phone's page one screenful at a time instead (a wider page whole); `{ wait }` is how long
 * to let the page settle first (300 ms).
 */
export async function eachView(walk, { views, context = {} } = {}) {
  fs.mkdirSync('/tmp/shots', { recursive: true });
  const browser = await chromium.launch(launchOptions);
  const all = views ?? widths.flatMap((w) => locales.map((loc) => [loc, w]));
  for (const [loc, w] of all) {
    const ctx = await browser.newContext({ viewport: { width: w, height: w > 600 ? 800 : 844 }, ...context });
    const page = await ctx.newPage();
    page.on('console', (m) => m.type() === 'error' && console.log('console error', m.text()));
    const prefix = loc === 'en' ? '' : `/${loc}`;
    const shot = async (name, options = {}) => {
      await page.waitForTimeout(options.wait ?? 300);
      const path = `/tmp/shots/${name}-${loc}-${w}`;
      if (!options.screens || w > 600) {
        await page.screenshot({ path: `${path}.png`, fullPage: options.full ?? (options.screens || full) });
        return;
      }
      const height = await page.evaluate(() => globalThis.document.documentElement.scrollHeight);
      for (let y = 0, i = 0; y < height - 400 && i < 8; y += 760, i += 1) {
        await page.evaluate((top) => globalThis.scrollTo(0, top), y);
        await page.waitForTimeout(150);
        await page.screenshot({ path: `${path}-${i}.png` });
      }
    };
    await walk({ page, ctx, loc, w, prefix, shot });
    await ctx.close();
  }
  await browser.close();
}
