// Review screenshots of the sign-in dialog (not a test): BASE, WIDTHS, LOCALES (shots.mjs). The
// server must run with NODE_ENV=development DEV_OUTBOX=true so the code can be read from /dev/outbox.
import { base, eachView } from './shots.mjs';

await eachView(async ({ page, loc, w, prefix, shot }) => {
  await page.goto(`${base}${prefix}/`, { waitUntil: 'networkidle' });
  await page.locator('header button[aria-haspopup="dialog"]').last().click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input').waitFor();
  await page.waitForTimeout(300);
  await shot('signin-email');
  const email = `shot-${loc}-${w}-${Date.now()}@example.com`;
  await dialog.locator('input').fill(email);
  await dialog.locator('button[type="submit"]').click();
  await dialog.locator('input[autocomplete="one-time-code"]').waitFor();
  await dialog.locator('input').fill('123');
  await page.waitForTimeout(300);
  await shot('signin-code');
});
