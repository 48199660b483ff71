// Review screenshots of the operator console (issue 23, not a test): a user's page, the
// credits dialog, the job queue, the engines and the audit log, in English and Arabic at 1280
// and 390 px. BASE (default http://127.0.0.1:8354): a server with DEV_OUTBOX=true and
// ADMIN_EMAILS=admin@e2e.test. Writes /tmp/shots/console-*.png.
import fs from 'node:fs';
import { chromium, request as api } from '@playwright/test';
import launchOptions from '../chromium.json' with { type: 'json' };

const base = process.env.BASE ?? 'http://127.0.0.1:8354';
fs.mkdirSync('/tmp/shots', { recursive: true });

async function code(ctx, email) {
  for (let i = 0; i < 50; i++) {
    const { mails } = await (await ctx.get(`${base}/dev/outbox`)).json();
    const m = /\b(\d{6})\b/.exec(mails.find((x) => x.to === email)?.text ?? '');
    if (m) return m[1];
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no code');
}

// A buyer with a paid test order and a job, through the API.
const buyer = `buyer-${Date.now()}@example.com`;
const r = await api.newContext({ baseURL: base });
await r.post('/cgi-bin/login/email/start', { data: { email: buyer } });
const v = await (
  await r.post('/cgi-bin/login/email/verify', { data: { email: buyer, code: await code(r, buyer) } })
).json();
await r.post('/cgi-bin/login', { form: { type: 4, code: v.data.access_token } });
for (const plan of ['week', 'month']) {
  const o = await (await r.post('/cgi-bin/auth/v5pay/create-checkout-session', { data: { plan } })).json();
  await r.post('/cgi-bin/auth/pay/test-checkout', { data: { order_id: o.data.order_id, outcome: 'pay' } });
}
await r.post('/cgi-bin/auth/aigc/image', { data: { prompt: 'a lighthouse at dusk' } });

const browser = await chromium.launch(launchOptions);
const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
const page = await ctx.newPage();
page.on('console', (m) => m.type() === 'error' && console.log('console error', m.text()));
await page.goto(`${base}/manage-character?tab=console`);
await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
const dialog = page.getByRole('dialog');
await dialog.getByLabel('Email').fill('admin@e2e.test');
await dialog.getByRole('button', { name: 'Send code' }).click();
await dialog.getByLabel('Sign-in code').fill(await code(page.request, 'admin@e2e.test'));
await page.getByTestId('operator-console').waitFor();

for (const [loc, w] of [
  ['en', 1280],
  ['en', 390],
  ['ar', 1280],
  ['ar', 390],
]) {
  await page.setViewportSize({ width: w, height: w > 600 ? 900 : 844 });
  const prefix = loc === 'en' ? '' : `/${loc}`;
  const shot = (name) =>
    page.screenshot({ path: `/tmp/shots/console-${name}-${loc}-${w}.png`, fullPage: true });
  await page.goto(`${base}${prefix}/manage-character?tab=console`);
  await page.getByTestId('operator-search').fill(buyer);
  await page.getByTestId('operator-search').press('Enter');
  await page.getByTestId('operator-user').waitFor();
  await page.waitForTimeout(300);
  await shot('user');
  await page.getByTestId('credits-amount').fill('25');
  await page.getByTestId('credits-submit').click();
  await page
    .getByTestId('reason-input')
    .fill(loc === 'ar' ? 'تعويض بعد انقطاع الخدمة' : 'goodwill after an outage');
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/shots/console-dialog-${loc}-${w}.png` });
  await page.getByTestId('reason-confirm').click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  for (const [i, name] of ['jobs', 'engines', 'audit'].entries()) {
    await page
      .getByRole('tab')
      .nth(5 + i + 1)
      .click();
    await page.waitForTimeout(600);
    await shot(name);
  }
}
await browser.close();
await r.dispose();
