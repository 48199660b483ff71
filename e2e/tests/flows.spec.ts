import { expect, test, type Page } from '@playwright/test';

/** A small valid PNG (1x1, red) for the avatar. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);
import { openableChatHref } from './cards';
import { enterMailedCode } from './outbox';

const balance = (page: Page) => page.getByTestId('credits-balance');

/** Signs in from the header with a new email address, on the page that is open. */
async function signIn(page: Page, email: string) {
  await page.getByRole('button', { name: 'Sign in' }).first().click();
  const dialog = await enterMailedCode(page, email);
  await expect(page.getByText('Landing success!')).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('signed out mid-chat: the page says so, keeps the typed message and shows the guest balance', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await expect(balance(page)).toHaveText('30');
  await signIn(page, `lost-${Date.now()}@example.com`);
  // A spoken line costs the account 1 credit: its balance is no longer a new guest's.
  const spoken = await page.request.post('/cgi-bin/auth/aigc/speech/text-to-speech', {
    data: { voice_id: 'aria', text: 'Hello there.', format: 'mp3' },
  });
  expect(spoken.headers()['content-type']).toMatch(/^audio\//);

  await page.goto(await openableChatHref(page));
  await expect(balance(page)).toHaveText('29');
  await expect(page.getByTestId('chat-message')).toHaveCount(1);

  // The cookies go (they expired, or were cleared in another tab); the next message finds no session.
  await context.clearCookies();
  const text = 'Are you still there?';
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-send').click();

  await expect(page.getByText("You've been signed out", { exact: false })).toBeVisible();
  await expect(page.getByTestId('chat-input')).toHaveValue(text);
  // The header follows the new guest session: its balance, and the sign-in button back.
  await expect(balance(page)).toHaveText('30');
  await expect(page.getByRole('button', { name: 'Sign in' }).first()).toBeVisible();
  // No second, unexplained error beside the notice.
  await expect(page.getByText("We couldn't find what you asked for.")).toHaveCount(0);
  // The chat is the guest's own now: sending works again, as this guest.
  await page.getByTestId('chat-send').click();
  await expect(page.getByTestId('chat-message').filter({ hasText: text })).toHaveCount(1);
  await expect(page.getByTestId('chat-input')).toHaveValue('');
});

test('a guest who presses Pay by card signs in and goes on to the checkout of the plan they chose, once', async ({
  page,
}) => {
  const checkouts: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/create-checkout-session')) checkouts.push(request.postData() ?? '');
  });
  await page.goto('/pay-view');
  await expect(balance(page)).toHaveText('30');
  await page.getByTestId('plan-week').click();
  await page.getByRole('button', { name: 'Pay by card' }).click();

  // Purchases need an account: the sign-in dialog opens, and after it the checkout goes on.
  await enterMailedCode(page, `resume-${Date.now()}@example.com`);
  await expect(page).toHaveURL(/\/pay-test-checkout\?order=[\w-]+$/);
  await expect(page.getByTestId('test-order')).toContainText('1 week');
  expect(checkouts).toHaveLength(1);
  expect(JSON.parse(checkouts[0] ?? '{}')).toMatchObject({ plan: 'week' });

  // Back on the pricing page, signed in: nothing starts by itself again.
  await page.goto('/pay-view');
  await expect(page.getByRole('button', { name: 'Pay by card' })).toBeEnabled();
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/\/pay-view$/);
  expect(checkouts).toHaveLength(1);
});

test('publishing asks first (Escape goes back to the form), then says a character in review was sent for review', async ({
  page,
}) => {
  // This test server approves public characters at once; here the answer is the one of a site
  // that reviews them (approval pending), as production does.
  await page.route('**/cgi-bin/auth/character/create', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { code: number; data: { approval?: string } | null };
    if (body.data) body.data.approval = 'pending';
    await route.fulfill({ response, json: body });
  });
  await page.goto('/free-ai-create-character');
  await expect(balance(page)).toHaveText(/\d/);
  await page.locator('input[type="file"][aria-label="Avatar"]').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  const name = `Marisol ${Date.now().toString(36)}`;
  await page.getByLabel('Name', { exact: false }).first().fill(name);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page
    .getByLabel('Description', { exact: false })
    .first()
    .fill('A 34-year-old lighthouse keeper who collects stories from passing ships.');
  await page.getByLabel('Personality', { exact: false }).first().fill('Dry humour, patient, curious.');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page
    .getByLabel('Greeting (first message)', { exact: false })
    .first()
    .fill('*Sets down the lantern.* Another storm, another visitor.');
  // The lorebook step (optional) comes last.
  await page.getByRole('button', { name: 'Continue' }).click();

  const publish = page.getByRole('button', { name: 'Publish', exact: true });
  await publish.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading')).toContainText(name);
  await expect(dialog).toContainText('Our team may check yours first');
  await expect(dialog.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(publish).toBeFocused();

  const created = page.waitForResponse((r) => r.url().includes('/character/create'));
  await publish.click();
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  expect((await created).status()).toBe(200);
  await expect(
    page.getByText(
      "Your character has been sent for review. It will appear in the community once it's approved.",
    ),
  ).toBeVisible();
  await expect(page.getByText('Your character has been published!')).toHaveCount(0);
  await expect(page).toHaveURL(/\/my-Characters-list/);
});

test('home: the 18+ filter and the adult switch; the filter sends NSFW=1 only with adult content on', async ({
  page,
}) => {
  const adultCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/character/list?') && /[?&]NSFW=1(&|$)/.test(r.url())) adultCalls.push(r.url());
  });
  await page.goto('/');
  const adultSwitch = page.getByRole('switch', { name: 'Adult content' });
  await expect(adultSwitch).toHaveAttribute('aria-checked', 'false');

  // A guest: the filter is there, and says how to see adult characters without asking for them.
  await page.getByRole('link', { name: '18+ adult characters' }).click();
  await expect(page).toHaveURL(/\?charsType=NSFW$/);
  await expect(page.getByRole('link', { name: '18+ adult characters' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect(page.getByTestId('adult-gate')).toContainText('Adult characters are hidden');
  expect(adultCalls).toEqual([]);

  // The switch asks a guest to sign in, then for the 18+ confirmation.
  await adultSwitch.click();
  await enterMailedCode(page, `adult-${Date.now()}@example.com`);
  await expect(page.getByRole('dialog', { name: 'Are you 18 or older?' })).toBeVisible();
  const listed = page.waitForResponse(
    (r) => r.url().includes('/character/list?') && r.url().includes('NSFW=1'),
  );
  await page.getByRole('button', { name: "I'm 18 or older" }).click();
  await expect(adultSwitch).toHaveAttribute('aria-checked', 'true');
  const body = (await (await listed).json()) as { code: number; data: { characters: { NSFW: boolean }[] } };
  expect(body.code).toBe(0);
  expect(body.data.characters.every((c) => c.NSFW)).toBe(true);
  await expect(page.getByTestId('adult-gate')).toHaveCount(0);

  // Off again: the filter is gated, at once, with no question.
  await adultSwitch.click();
  await expect(adultSwitch).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByTestId('adult-gate')).toContainText('Turn on adult content');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
