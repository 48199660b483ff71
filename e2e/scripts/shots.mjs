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

/** A 1x1 PNG: the avatar the scripts upload through the create form. */
export const AVATAR_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);

/**
 * For the scripts that save into one folder (`out`, made if missing): runs `walk` in English and
 * Arabic at 390 and 1280 px (844 px high below 768 px of width, else 900), each in a fresh context.
 * `locale` is the path prefix ('' or '/ar') and `tag` names the view (`ar-390`); `shot(page, name)`
 * saves `<out>/<name>.png` of the viewport, or of `target` when given (an element), and prints it.
 */
export async function eachLocaleAndWidth(out, walk) {
  fs.mkdirSync(out, { recursive: true });
  const browser = await chromium.launch(launchOptions);
  const shot = async (page, name, target = page) => {
    const path = `${out}/${name}.png`;
    await target.screenshot({ path });
    console.log(path);
  };
  for (const locale of ['', '/ar']) {
    for (const width of [390, 1280]) {
      const tag = `${locale ? 'ar' : 'en'}-${width}`;
      const ctx = await browser.newContext({ viewport: { width, height: width < 768 ? 844 : 900 } });
      const page = await ctx.newPage();
      await walk({ page, ctx, locale, tag, shot });
      await ctx.close();
    }
  }
  await browser.close();
}
