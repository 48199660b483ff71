import { expect, test, type APIRequestContext } from '@playwright/test';
import { enterMailedCode, mailedCode } from './outbox';

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

/** Signs `email` in through the email-code calls, in this request context (its cookies). */
async function signIn(request: APIRequestContext, email: string) {
  const start = (await (
    await request.post('/cgi-bin/login/email/start', { data: { email } })
  ).json()) as Envelope<null>;
  expect(start.code).toBe(0);
  const verify = (await (
    await request.post('/cgi-bin/login/email/verify', {
      data: { email, code: await mailedCode(request, email) },
    })
  ).json()) as Envelope<{ access_token: string }>;
  expect(verify.code).toBe(0);
  const login = (await (
    await request.post('/cgi-bin/login', { form: { type: 4, code: verify.data.access_token } })
  ).json()) as Envelope<unknown>;
  expect(login.code).toBe(0);
}

test('an admin finds a user, grants credits with a reason, and sees it in the audit log', async ({
  page,
  request,
}) => {
  // A user with an account: signed in through the API in a context of their own.
  const buyer = `console-${Date.now()}@e2e.test`;
  await signIn(request, buyer);
  const before = (await (await request.get('/cgi-bin/auth/credit/remain')).json()) as Envelope<{
    remain: number;
  }>;

  // The admin signs in through the site's sign-in dialog.
  await page.goto('/manage-character?tab=console');
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  await enterMailedCode(page, 'operator@e2e.test');
  const console = page.getByTestId('operator-console');
  await expect(console).toBeVisible();

  await page.getByTestId('operator-search').fill(buyer);
  await page.getByRole('button', { name: 'Find' }).click();
  const user = page.getByTestId('operator-user');
  await expect(user).toContainText(buyer);
  await expect(page.getByTestId('balance-remain')).toHaveText(String(before.data.remain));

  await page.getByTestId('credits-amount').fill('25');
  await page.getByTestId('credits-submit').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Grant 25 credits?');
  // No reason, no action.
  await expect(dialog.getByTestId('reason-confirm')).toBeDisabled();
  await dialog.getByTestId('reason-input').fill('e2e: goodwill after an outage');
  await dialog.getByTestId('reason-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('balance-remain')).toHaveText(String(before.data.remain + 25));

  // The user sees the credits too.
  const after = (await (await request.get('/cgi-bin/auth/credit/remain')).json()) as Envelope<{
    remain: number;
  }>;
  expect(after.data.remain).toBe(before.data.remain + 25);

  // The audit log names the action, the admin and the reason.
  await page.getByRole('tab', { name: 'Audit log' }).click();
  const entry = page.getByTestId('audit-entry').first();
  await expect(entry).toContainText('Credits granted');
  await expect(entry).toContainText('operator@e2e.test');
  await expect(entry).toContainText('e2e: goodwill after an outage');
});

test('the console is refused to someone who is not an admin', async ({ page }) => {
  await page.goto('/manage-character?tab=console');
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  await enterMailedCode(page, `not-admin-${Date.now()}@e2e.test`);
  await expect(page.getByText('Admins only')).toBeVisible();
  await expect(page.getByTestId('operator-console')).toHaveCount(0);
});
