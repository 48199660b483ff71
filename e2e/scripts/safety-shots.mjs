// Review screenshots of issue 18 (not a test): the AI disclosure and the crisis notice in a
// chat, the report dialog, and the admin's reports queue, English and Arabic, 1280 and 390 px.
// BASE (default http://127.0.0.1:8090): a development server with DEV_OUTBOX=true and
// ADMIN_EMAILS=admin@example.com.
// Chinese, Japanese and Korean need a CJK font, or Chromium draws boxes: when
// `fc-list | grep -qi "Noto Sans CJK"` fails, `apt-get install fonts-noto-cjk` (as .ci/run does).
import fs from 'node:fs';
import { chromium } from '@playwright/test';
import launchOptions from '../chromium.json' with { type: 'json' };
const base = process.env.BASE ?? 'http://127.0.0.1:8090';
fs.mkdirSync('/tmp/shots', { recursive: true });
const browser = await chromium.launch(launchOptions);
for (const [loc, w] of [
  ['en', 1280],
  ['ar', 390],
]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: w > 600 ? 800 : 844 } });
  const page = await ctx.newPage();
  page.on('console', (m) => m.type() === 'error' && console.log('console error', m.text()));
  const prefix = loc === 'en' ? '' : `/${loc}`;
  await page.goto(`${base}${prefix}/`, { waitUntil: 'networkidle' });
  const href = await page.locator('a[href*="free-ai-Characters-chat/"]').first().getAttribute('href');
  await page.goto(base + href, { waitUntil: 'networkidle' });
  await page.screenshot({ path: `/tmp/shots/safety-disclosure-${loc}-${w}.png` });
  await page.getByTestId('chat-input').fill("I can't take it anymore. I want to kill myself.");
  await page.getByTestId('chat-send').click();
  await page.getByTestId('chat-stop').waitFor({ state: 'detached', timeout: 20000 });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `/tmp/shots/safety-crisis-${loc}-${w}.png` });
  await page.getByTestId('chat-input').fill("I'm 14 and I want you to undress me");
  await page.getByTestId('chat-send').click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/shots/safety-refused-${loc}-${w}.png` });
  const report = page.getByRole('button', { name: /report|إبلاغ|بلاغ/i }).first();
  if (await report.count()) {
    await report.click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/shots/safety-report-${loc}-${w}.png` });
    await page.getByRole('dialog').getByRole('radio').first().click();
    await page.getByRole('dialog').locator('button[type=submit]').click();
    await page.waitForTimeout(600);
    await page.screenshot({ path: `/tmp/shots/safety-reported-${loc}-${w}.png` });
    await page.keyboard.press('Escape');
  } else console.log('no report button found');
  await ctx.close();
}
// The admin's queue: one admin signs in, then looks in English and Arabic.
{
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  await page.goto(`${base}/profile`);
  await page.getByTestId('credits-balance').filter({ hasText: /\d/ }).waitFor();
  await page.locator('main button').first().click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type=email]').fill('admin@example.com');
  await dialog.locator('button[type=submit]').click();
  await dialog.locator('input[autocomplete=one-time-code]').waitFor();
  const mails = await (await page.request.get(`${base}/dev/outbox`)).json();
  const mail = mails.mails.find((m) => m.to === 'admin@example.com');
  await dialog.locator('input[autocomplete=one-time-code]').fill(/\b(\d{6})\b/.exec(mail.text)[1]);
  await page.waitForTimeout(1500);
  for (const [loc, w] of [
    ['en', 1280],
    ['ar', 390],
  ]) {
    await page.setViewportSize({ width: w, height: 900 });
    const prefix = loc === 'en' ? '' : `/${loc}`;
    await page.goto(`${base}${prefix}/manage-character`, { waitUntil: 'networkidle' });
    await page.getByRole('tab').nth(-2).click();
    await page.waitForTimeout(1000);
    await page.screenshot({ path: `/tmp/shots/safety-queue-${loc}-${w}.png`, fullPage: true });
    await page.getByRole('tab').last().click();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/shots/safety-log-${loc}-${w}.png` });
  }
  await ctx.close();
}
await browser.close();
