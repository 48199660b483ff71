// Screenshots of issue 19's flows, English and Arabic at 390 and 1280 px: the confirmation
// before a character is published, the signed-out notice in a chat, and the home page's adult
// filter and switch. BASE (default http://127.0.0.1:8090): a development server (its outbox),
// best started with CHARACTER_AUTO_APPROVE=false so the review toast shows. OUT: /tmp/shots-flows.
import { AVATAR_PNG as PNG, base, eachLocaleAndWidth } from './shots.mjs';

async function signIn(page) {
  const email = `shots-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type=email]').fill(email);
  await dialog.locator('button[type=submit]').click();
  await dialog.locator('input[autocomplete=one-time-code]').waitFor();
  let code = '';
  for (let i = 0; i < 50 && !code; i += 1) {
    const mails = await (await page.request.get(`${base}/dev/outbox`)).json();
    code = /\b(\d{6})\b/.exec(mails.mails.find((m) => m.to === email)?.text ?? '')?.[1] ?? '';
    if (!code) await page.waitForTimeout(200);
  }
  await dialog.locator('input[autocomplete=one-time-code]').fill(code);
}

await eachLocaleAndWidth(process.env.OUT ?? '/tmp/shots-flows', async ({ page, ctx, locale, tag, shot }) => {
  // Home: the 18+ filter as a guest (the gate), then the switch's 18+ question once signed in.
  await page.goto(`${base}${locale}/?charsType=NSFW`);
  await page.getByTestId('credits-balance').filter({ hasText: /\d/ }).waitFor();
  await page.getByTestId('adult-gate').waitFor();
  await page.waitForTimeout(400);
  await shot(page, `home-filter-guest-${tag}`);
  await page.getByTestId('adult-switch').click();
  await signIn(page);
  await page
    .getByRole('dialog')
    .filter({ has: page.locator('svg.text-pink') })
    .waitFor();
  await page.waitForTimeout(600);
  await shot(page, `home-adult-confirm-${tag}`);
  await page.getByRole('dialog').getByRole('button').nth(1).click();
  await page.getByTestId('adult-switch').and(page.locator('[aria-checked=true]')).waitFor();
  await page.waitForTimeout(1200);
  await shot(page, `home-filter-on-${tag}`);

  // Create: the confirmation before submit, and the toast after it.
  await page.goto(`${base}${locale}/free-ai-create-character`);
  await page.locator('input[type=file]#cc-avatar').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await page.locator('#cc-name').fill('Marisol Vega');
  await page.locator('form button[type=submit]').click();
  await page.locator('#cc-desc').fill('A 34-year-old lighthouse keeper who collects stories.');
  await page.locator('#cc-personality').fill('Dry humour, patient, curious.');
  await page.locator('form button[type=submit]').click();
  await page.locator('#cc-firstMessage').fill('*Sets down the lantern.* Another storm, another visitor.');
  await page.locator('form button[type=submit]').click();
  // The lorebook step, then Publish.
  await page.locator('form button[type=submit]').click();
  await page.getByTestId('publish-confirm').waitFor();
  await page.waitForTimeout(500);
  await shot(page, `publish-confirm-${tag}`);
  await page.getByTestId('publish-confirm').click();
  await page.locator('[data-sonner-toast]').first().waitFor();
  await page.waitForTimeout(600);
  await shot(page, `publish-review-toast-${tag}`);

  // A chat, then the cookies go: the signed-out notice, the text still in the box.
  await page.goto(`${base}${locale}/`);
  const href = await page.getByTestId('character-card').first().locator('a').first().getAttribute('href');
  await page.goto(`${base}${href}`);
  await page.getByTestId('chat-input').waitFor();
  await ctx.clearCookies();
  await page.getByTestId('chat-input').fill(locale ? 'هل ما زلت هنا؟' : 'Are you still there?');
  await page.getByTestId('chat-send').click();
  await page.locator('[data-sonner-toast]').first().waitFor();
  await page.waitForTimeout(800);
  await shot(page, `signed-out-notice-${tag}`);
});
