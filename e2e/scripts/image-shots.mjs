// Review screenshots of the image tools (not a test): BASE, WIDTHS, LOCALES. Generates on the
// anime page, shares the result and opens its page, opens the girl builder and the gallery.
// Chinese, Japanese and Korean need a CJK font, or Chromium draws boxes: when
// `fc-list | grep -qi "Noto Sans CJK"` fails, `apt-get install fonts-noto-cjk` (as .ci/run does).
import { chromium } from '@playwright/test';
import launchOptions from '../chromium.json' with { type: 'json' };
const base = process.env.BASE ?? 'http://127.0.0.1:8090';
const widths = (process.env.WIDTHS ?? '1280,390').split(',').map(Number);
const locales = (process.env.LOCALES ?? 'en,ar').split(',');
const full = process.env.FULL === '1';
const browser = await chromium.launch(launchOptions);
for (const w of widths) {
  for (const loc of locales) {
    const ctx = await browser.newContext({ viewport: { width: w, height: w > 600 ? 800 : 844 } });
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await ctx.newPage();
    page.on('console', (m) => m.type() === 'error' && console.log('console error', m.text()));
    const prefix = loc === 'en' ? '' : `/${loc}`;
    const shot = async (name) => {
      await page.waitForTimeout(300);
      await page.screenshot({ path: `/tmp/shots/${name}-${loc}-${w}.png`, fullPage: full });
    };

    await page.goto(`${base}${prefix}/free-ai-anime-generator`, { waitUntil: 'networkidle' });
    await shot('anime-empty');
    await page.getByTestId('preset-anime-cyberpunk').click();
    await page.getByTestId('generate').filter({ visible: true }).click();
    await page.getByTestId('generation-done').waitFor({ timeout: 30000 });
    await page.evaluate(() => globalThis.scrollTo(0, 0));
    await shot('anime-results');
    await page.getByTestId('result-image').first().getByRole('button').nth(0).click();
    await shot('anime-zoom');
    await page.keyboard.press('Escape');
    await page.getByTestId('result-image').first().getByRole('button').nth(4).click();
    const link = await page.getByTestId('share-link').inputValue();
    await shot('anime-share');
    await page.keyboard.press('Escape');
    await page.goto(link, { waitUntil: 'networkidle' });
    await shot('share-page');

    await page.goto(`${base}${prefix}/free-ai-girl-generator`, { waitUntil: 'networkidle' });
    await page.getByRole('tab').nth(1).click();
    await shot('girl-builder');
    await page.getByTestId('builder-occupation').scrollIntoViewIfNeeded();
    await shot('girl-builder-long');

    await page.goto(`${base}${prefix}/free-ai-image-generator?tab=explore`, { waitUntil: 'networkidle' });
    await shot('explore');
    await ctx.close();
  }
}
await browser.close();
