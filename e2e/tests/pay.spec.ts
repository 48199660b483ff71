import { expect, test } from '@playwright/test';
import { enterMailedCode, mailedCode } from './outbox';

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

test('buy the 1-week plan by card through the test checkout; the balance rises by 500', async ({ page }) => {
  const email = `buyer-${Date.now()}@example.com`;
  await page.goto('/pay-view');
  await expect(page.getByTestId('credits-balance')).toHaveText('30');

  // Purchases need an account: sign in from the header.
  await page.getByRole('button', { name: 'Sign in' }).click();
  const dialog = await enterMailedCode(page, email);
  await expect(page.getByText('Landing success!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('credits-balance')).toHaveText('30');

  // The year is chosen at first; take the week.
  await expect(page.getByRole('radio', { name: '12 months' })).toBeChecked();
  await page.getByTestId('plan-week').click();
  await expect(page.getByRole('radio', { name: '1 week' })).toBeChecked();
  await expect(page.getByTestId('pay-test-mode')).toHaveText('Test mode: no real payment is taken');
  await page.getByRole('button', { name: 'Pay by card' }).click();

  // The built-in test checkout stands in for Stripe.
  await expect(page).toHaveURL(/\/pay-test-checkout\?order=[\w-]+$/);
  await expect(page.getByTestId('test-mode-banner')).toContainText('TEST MODE');
  await expect(page.getByTestId('test-order')).toContainText('1 week');
  await expect(page.getByTestId('test-order')).toContainText('500 credits');
  await page.getByRole('button', { name: 'Pay $6.99' }).click();

  // Back on the pricing page: the payment is confirmed and the header's balance follows.
  await expect(page).toHaveURL(/\/pay-view\?order=[\w-]+$/);
  await expect(page.getByTestId('order-status')).toContainText('Payment received: +500 credits, valid until');
  await expect(page.getByTestId('credits-balance')).toHaveText('530');
  await expect(page.getByTestId('order-balance')).toHaveText('Your balance is now 530 credits.');
  const row = page.getByTestId('purchase-row').first();
  await expect(row).toContainText('1 week plan');
  await expect(row).toContainText('+500 credits');
  await expect(row).toContainText('$6.99');
  await expect(row).toContainText('Test');
});

test('an admin mints a code; a visitor redeems it once, and a second time it is invalid', async ({
  page,
  request,
}) => {
  // The admin signs in through the API; one request context keeps the email-code cookie.
  const admin = 'admin@e2e.test';
  const start = (await (
    await request.post('/cgi-bin/login/email/start', { data: { email: admin } })
  ).json()) as Envelope<null>;
  expect(start.code).toBe(0);
  const verify = (await (
    await request.post('/cgi-bin/login/email/verify', {
      data: { email: admin, code: await mailedCode(request, admin) },
    })
  ).json()) as Envelope<{ access_token: string }>;
  expect(verify.code).toBe(0);
  const login = (await (
    await request.post('/cgi-bin/login', { form: { type: 4, code: verify.data.access_token } })
  ).json()) as Envelope<unknown>;
  expect(login.code).toBe(0);
  const minted = (await (
    await request.post('/cgi-bin/admin/redeem-codes/create', { data: { plan: 'week', count: 1 } })
  ).json()) as Envelope<{ codes: string[] }>;
  expect(minted.code).toBe(0);
  const code = minted.data.codes[0] ?? '';
  expect(code).not.toBe('');

  // A guest may redeem.
  await page.goto('/pay-view');
  await expect(page.getByTestId('credits-balance')).toHaveText('30');
  await page.getByRole('button', { name: 'Redeem a code' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Code cannot be empty');
  await dialog.getByLabel('Redemption code').fill(code);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Redemption successful')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('credits-balance')).toHaveText('530');

  // The same code again is refused, in the dialog.
  await page.getByRole('button', { name: 'Redeem a code' }).click();
  await dialog.getByLabel('Redemption code').fill(code);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The redemption code is invalid');
  await expect(page.getByTestId('credits-balance')).toHaveText('530');
});
