import { expect, test, type Page } from '@playwright/test';
import { ns, text } from './texts';

const common = (locale: string) => ns(locale, 'common');
const pages = (locale: string) => ns(locale, 'pages');

async function balance(page: Page) {
  return page.getByTestId('credits-balance');
}

test('home starts a tourist session and shows the daily free credits', async ({ page, context }) => {
  const logins: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/cgi-bin/login')) logins.push(r.method());
  });
  await page.goto('/');
  await expect(await balance(page)).toHaveText('30');
  expect(logins).toEqual(['POST']);

  const cookies = await context.cookies();
  const ticket = cookies.find((c) => c.name === 'ticket');
  const uid = cookies.find((c) => c.name === 'uid');
  expect(ticket?.httpOnly).toBe(true);
  expect(ticket?.sameSite).toBe('Lax');
  expect(uid?.httpOnly).toBe(false);
  // The page can't read the ticket; it knows a session exists from the uid cookie.
  expect(await page.evaluate(() => document.cookie)).not.toContain('ticket=');
  expect(await page.evaluate(() => localStorage.getItem('touristCode'))).toMatch(/^[A-Za-z0-9]{40}$/);

  // A reload reuses the session: no second login, same account.
  await page.reload();
  await expect(await balance(page)).toHaveText('30');
  expect(logins).toEqual(['POST']);
  expect((await context.cookies()).find((c) => c.name === 'uid')?.value).toBe(uid?.value);
});

test('a lost cookie resumes the same tourist account from the stored code', async ({ page, context }) => {
  await page.goto('/');
  await expect(await balance(page)).toHaveText('30');
  const uid = (await context.cookies()).find((c) => c.name === 'uid')?.value;
  await context.clearCookies();
  await page.reload();
  await expect(await balance(page)).toHaveText('30');
  expect((await context.cookies()).find((c) => c.name === 'uid')?.value).toBe(uid);
});

test('switching to Arabic mirrors the page, translates it and is remembered', async ({ page }) => {
  const ar = common('ar');
  expect(text(ar, 'nav.tools'), 'the Arabic file must be translated').not.toBe(
    text(common('en'), 'nav.tools'),
  );
  await page.goto('/free-ai-image-generator');
  await page.getByTestId('language-switcher-icon').click();
  await page.getByRole('menuitemradio', { name: 'العربية' }).click();
  await expect(page).toHaveURL(/\/ar\/free-ai-image-generator$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('button', { name: text(ar, 'nav.tools') })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(pages('ar'), 'imageGenerator.title'));
  await expect(page.getByRole('link', { name: text(ar, 'footer.privacy') })).toHaveAttribute(
    'href',
    '/ar/privacy-policy',
  );

  // The choice is stored: an unprefixed address opens in Arabic.
  await page.goto('/pay-view');
  await expect(page).toHaveURL(/\/ar\/pay-view$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  // And switching back to English drops the prefix.
  await page.getByTestId('language-switcher-icon').click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/pay-view$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});

test('every route answers in every prefix, and unknown paths go home', async ({ page }) => {
  await page.goto('/ja/free-ai-voice-generator');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(pages('ja'), 'voiceGenerator.title'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await page.goto('/kr/profile');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/fr/no-such-page');
  await expect(page).toHaveURL(/\/fr$/);
  await page.goto('/index.html');
  await expect(page).toHaveURL(/\/$/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the tools menu is a drawer that navigates', async ({ page }) => {
    const en = common('en');
    await page.goto('/free-ai-anime-generator');
    await expect(await balance(page)).toHaveText('30');
    await expect(page.getByRole('button', { name: text(en, 'nav.tools') })).toBeHidden();
    await page.getByRole('button', { name: text(en, 'nav.openMenu') }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    for (const group of ['chat', 'video', 'image']) {
      await expect(drawer.getByRole('heading', { name: text(en, `nav.groups.${group}`) })).toBeVisible();
    }
    const external = drawer.getByRole('link', { name: new RegExp(text(en, 'tools.video.name')) });
    await expect(external).toHaveAttribute('target', '_blank');
    await expect(external).toContainText(text(en, 'nav.new'));
    await drawer.getByRole('link', { name: new RegExp(text(en, 'tools.tattoo.name')) }).click();
    await expect(page).toHaveURL(/\/free-ai-tattoo-generator$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text(pages('en'), 'tattooGenerator.title'),
    );
  });

  test('the credits counter leads to the pricing page', async ({ page }) => {
    await page.goto('/');
    await expect(await balance(page)).toHaveText('30');
    await page.getByTestId('credits-balance').click();
    await expect(page).toHaveURL(/\/pay-view$/);
  });
});
