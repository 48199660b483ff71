// Review screenshots of the sign-in dialog (not a test): BASE, WIDTHS, LOCALES. The server must
// run with NODE_ENV=development DEV_OUTBOX=true so the code can be read from /dev/outbox.
// Chinese, Japanese and Korean need a CJK font, or Chromium draws boxes: when
// `fc-list | grep -qi "Noto Sans CJK"` fails, `apt-get install fonts-noto-cjk` (as .ci/run does).
import { chromium } from '@playwright/test';
import launchOptions from '../chromium.json' with { type: 'json' };
const base = process.env.BASE ?? 'http://127.0.0.1:8090';
const widths = (process.env.WIDTHS ?? '1280,390').split(',').map(Number);
const locales = (process.env.LOCALES ?? 'en,ar').split(',');
const browser = await chromium.launch(launchOptions);
for (const w of widths) {
  for (const loc of locales) {
    const ctx = await browser.newContext({ viewport: { width: w, height: w > 600 ? 800 : 844 } });
    const page = await ctx.newPage();
    page.on('console', (m) => m.type() === 'error' && console.log('console error', m.text()));
    const prefix = loc === 'en' ? '' : `/${loc}`;
    await page.goto(`${base}${prefix}/`, { waitUntil: 'networkidle' });
    await page.locator('header button[aria-haspopup="dialog"]').last().click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input').waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/shots/signin-email-${loc}-${w}.png` });
    const email = `shot-${loc}-${w}-${Date.now()}@example.com`;
    await dialog.locator('input').fill(email);
    await dialog.locator('button[type="submit"]').click();
    await dialog.locator('input[autocomplete="one-time-code"]').waitFor();
    await dialog.locator('input').fill('123');
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/shots/signin-code-${loc}-${w}.png` });
    await ctx.close();
  }
}
await browser.close();
