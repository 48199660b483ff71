// Screenshots of the style tiles (anime, girl, tattoo) and the face swap page's random photos,
// English and Arabic, at 390 and 1280 px: BASE (default http://127.0.0.1:8090), OUT (default
// /tmp/shots-honesty).
import fs from 'node:fs';
import { chromium } from '@playwright/test';
import launchOptions from '../chromium.json' with { type: 'json' };

const base = process.env.BASE ?? 'http://127.0.0.1:8090';
const out = process.env.OUT ?? '/tmp/shots-honesty';
fs.mkdirSync(out, { recursive: true });
const browser = await chromium.launch(launchOptions);
for (const width of [390, 1280]) {
  for (const locale of ['', '/ar']) {
    const ctx = await browser.newContext({ viewport: { width, height: 900 }, isMobile: width < 500 });
    const page = await ctx.newPage();
    for (const tool of ['free-ai-anime-generator', 'free-ai-girl-generator', 'free-ai-tattoo-generator']) {
      const answer = await page.goto(`${base}${locale}/${tool}`);
      if (!answer?.ok()) {
        console.log(`${tool}: ${answer?.status()}`);
        continue;
      }
      const picker = page.getByTestId('preset-picker');
      await picker.waitFor({ timeout: 15_000 }).catch(() => undefined);
      if ((await picker.count()) === 0) {
        console.log(`${tool}: no preset picker`);
        continue;
      }
      await picker.scrollIntoViewIfNeeded();
      await page.waitForFunction(() =>
        [...globalThis.document.querySelectorAll('[data-testid=preset-picker] img')].every(
          (i) => i.complete && i.naturalWidth > 0,
        ),
      );
      const name = `${out}/${tool}${locale.replace('/', '-')}-${width}.png`;
      await picker.screenshot({ path: name });
      console.log(name);
    }
    await page.goto(`${base}${locale}/free-ai-swap-face`);
    await page.getByTestId('base-random').click();
    await page.getByTestId('base-preview').waitFor();
    await page
      .getByTestId('face-random')
      .click()
      .catch(() => undefined);
    await page.waitForTimeout(800);
    const name = `${out}/faceswap${locale.replace('/', '-')}-${width}.png`;
    await page.screenshot({ path: name, fullPage: width < 500 });
    console.log(name);
    await ctx.close();
  }
}
await browser.close();
