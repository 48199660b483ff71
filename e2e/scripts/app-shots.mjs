// Screenshots of the phone app prompt and the profile's app offer, English and Arabic:
// BASE (default http://127.0.0.1:8090, a development server for its outbox).
// Chinese, Japanese and Korean need a CJK font, or Chromium draws boxes: when
// `fc-list | grep -qi "Noto Sans CJK"` fails, `apt-get install fonts-noto-cjk` (as .ci/run does).
import { chromium } from '@playwright/test';
import launchOptions from '../chromium.json' with { type: 'json' };
const base = process.env.BASE ?? 'http://127.0.0.1:8090';
const browser = await chromium.launch(launchOptions);
for (const locale of ['', '/ar']) {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await ctx.newPage();
  await page.goto(`${base}${locale}/free-ai-image-generator`);
  await page.getByTestId('credits-balance').filter({ hasText: /\d/ }).waitFor();
  await page.locator('footer a[href$="privacy-policy"]').click();
  await page.getByTestId('app-prompt').waitFor();
  await page.waitForTimeout(300);
  const name = `/tmp/shots/app-prompt${locale.replace('/', '-')}-390.png`;
  await page.screenshot({ path: name });
  console.log(name);
  await ctx.close();
}
for (const [locale, width] of [
  ['', 1280],
  ['/ar', 390],
]) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await ctx.newPage();
  await page.goto(`${base}${locale}/profile`);
  const email = `shots-${Date.now()}@example.com`;
  await page.getByTestId('credits-balance').filter({ hasText: /\d/ }).waitFor();
  await page.locator('main button').first().click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type=email]').fill(email);
  await dialog.locator('button[type=submit]').click();
  await dialog.locator('input[autocomplete=one-time-code]').waitFor();
  const mails = await (await page.request.get(`${base}/dev/outbox`)).json();
  const code = /\b(\d{6})\b/.exec(mails.mails.find((m) => m.to === email).text)[1];
  await dialog.locator('input[autocomplete=one-time-code]').fill(code);
  await page.getByTestId('profile-app').waitFor();
  await page.waitForTimeout(1500);
  const name = `/tmp/shots/profile${locale.replace('/', '-')}-${width}.png`;
  await page.screenshot({ path: name, fullPage: true });
  console.log(name);
  await ctx.close();
}
await browser.close();
