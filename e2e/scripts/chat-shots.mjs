// Review screenshots of the chat pages (not a test): BASE, WIDTHS, LOCALES.
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
    const href = await page.locator('a[href*="free-ai-Characters-chat/"]').first().getAttribute('href');
    await page.goto(base + href, { waitUntil: 'networkidle' });
    await page.getByTestId('chat-input').fill('Hello! Who are you, and what are you doing here tonight?');
    await page.getByTestId('chat-send').click();
    await page.waitForTimeout(600);
    await page.screenshot({ path: `/tmp/shots/chat-stream-${loc}-${w}.png` });
    await page.getByTestId('chat-stop').waitFor({ state: 'detached', timeout: 20000 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/shots/chat-${loc}-${w}.png` });
    await page.getByTestId('chat-settings-open').click();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `/tmp/shots/chat-settings-${loc}-${w}.png` });
    await page.keyboard.press('Escape');
    await page.goto(`${base}${prefix}/free-ai-chat-online`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/shots/aichat-${loc}-${w}.png` });
    await ctx.close();
  }
}
await browser.close();
