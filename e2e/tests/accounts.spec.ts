import { expect, test } from '@playwright/test';
import { enterMailedCode, mailedCode } from './outbox';

test('sign in by email code read from the dev outbox; what the guest liked stays', async ({
  page,
  request,
}) => {
  const email = `e2e-${Date.now()}@example.com`;
  await page.goto('/');
  await expect(page.getByTestId('credits-balance')).toHaveText('30');

  // As a guest, like the first character on the home list.
  const firstCard = page.locator('[data-character-id]').first();
  const id = await firstCard.getAttribute('data-character-id');
  await firstCard.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(firstCard.getByRole('button', { name: 'Unlike' })).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByLabel('Sign-in code')).toBeFocused();

  const code = await mailedCode(request, email);

  // A wrong code first: the dialog says so and stays open.
  await dialog.getByLabel('Sign-in code').fill(code === '000000' ? '111111' : '000000');
  await expect(dialog.getByRole('alert')).toContainText('4 tries left');
  // The right one signs in (it submits by itself once six digits are in).
  await dialog.getByLabel('Sign-in code').fill(code);
  await expect(page.getByText('Landing success!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name: 'Your profile' })).toBeVisible();
  const stored = await page.evaluate(() => localStorage.getItem('userInfo'));
  expect((JSON.parse(stored ?? '{}') as { type?: number }).type).toBe(4);
  expect(await page.evaluate(() => localStorage.getItem('touristCode'))).toMatch(/^[A-Za-z0-9]{40}$/);

  // The like made as a guest is the account's now.
  await page.goto('/love-Characters-list');
  await expect(page.locator(`[data-character-id="${id}"]`)).toBeVisible();
});

test('a guest opening an adult character is asked to sign in; with adult content on, it opens', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByTestId('credits-balance')).toHaveText('30');
  let adult: { id: number } | undefined;
  for (let p = 1; !adult && p <= 6; p++) {
    const list = (await (
      await page.request.get(`/cgi-bin/auth/character/list?page_size=50&page=${p}`)
    ).json()) as {
      data: { characters: { id: number; NSFW: boolean }[] };
    };
    adult = list.data.characters.find((c) => c.NSFW);
  }
  expect(adult).toBeDefined();

  await page.goto(`/free-ai-Characters-chat/${adult?.id}`);
  const notice = page.getByTestId('character-unavailable');
  await expect(notice).toContainText('Sign in, then turn on adult content');
  await notice.getByRole('button', { name: 'Sign in' }).click();

  await enterMailedCode(page, `adult-${Date.now()}@example.com`);
  await expect(page.getByText('Landing success!')).toBeVisible();

  // Signed in, but adult content is still off: the notice now leads to the profile.
  await page.reload();
  await page.getByRole('link', { name: 'Open profile settings' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  const toggle = page.getByRole('switch', { name: 'Adult content' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await page.getByRole('dialog').getByRole('button', { name: "I'm 18 or older" }).click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');

  await page.goto(`/free-ai-Characters-chat/${adult?.id}`);
  await expect(page.getByTestId('character-unavailable')).toHaveCount(0);
  await expect(page.getByTestId('chat-input')).toBeVisible();
});
