import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { mailedCode } from './outbox';

const root = path.resolve(import.meta.dirname, '../..');
const LOCALES = ['en', 'zh', 'ja', 'ar', 'fr', 'io', 'kr', 'pt', 'ru', 'es', 'vi'] as const;
const HTML_LANG: Record<string, string> = { io: 'id', kr: 'ko', zh: 'zh-CN' };
const LEGAL = ['terms-of-service', 'privacy-policy', 'refund-policy'] as const;
const prefix = (locale: string) => (locale === 'en' ? '' : `/${locale}`);

/** A Markdown text's title, from its front matter. */
function titleOf(file: string): string {
  const match = /^title: "(.*)"$/m.exec(fs.readFileSync(path.join(root, file), 'utf8'));
  if (!match) throw new Error(`no title in ${file}`);
  return JSON.parse(`"${match[1]}"`) as string;
}

test.describe('legal pages', () => {
  for (const locale of LOCALES) {
    test(`${locale}: each legal page shows its translated text`, async ({ page }) => {
      for (const slug of LEGAL) {
        await page.goto(`${prefix(locale)}/${slug}`);
        const doc = page.getByTestId('content-document');
        const title = titleOf(`content/legal/${slug}/${locale}.md`);
        await expect(doc.getByRole('heading', { level: 1 })).toHaveText(title);
        if (locale !== 'en') expect(title).not.toBe(titleOf(`content/legal/${slug}/en.md`));
        await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[locale] ?? locale);
        await expect(doc.locator('.prose-content h2').first()).toBeVisible();
        // The page is in the locale: no notice that the text fell back to English.
        await expect(doc.locator('[lang]')).toHaveCount(0);
        await expect(doc).toContainText('support@lumi.example');
      }
    });
  }
});

test('canonical and hreflang links name every locale of the page', async ({ page }) => {
  await page.goto('/fr/free-ai-image-generator');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    /\/fr\/free-ai-image-generator$/,
  );
  const alternates = await page
    .locator('link[rel="alternate"][hreflang]')
    .evaluateAll((links) => links.map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]));
  expect(alternates).toHaveLength(12);
  const pathOf = (href: string | null | undefined) => new URL(href ?? '').pathname;
  expect(alternates.map(([lang, href]) => [lang, pathOf(href)])).toEqual(
    expect.arrayContaining([
      ['x-default', '/free-ai-image-generator'],
      ['en', '/free-ai-image-generator'],
      ['ar', '/ar/free-ai-image-generator'],
      ['id', '/io/free-ai-image-generator'],
      ['ko', '/kr/free-ai-image-generator'],
      ['zh-CN', '/zh/free-ai-image-generator'],
    ]),
  );
  // The page's text is in the HTML before any script runs.
  const html = await (await page.request.get('/ja/free-ai-voice-cloning')).text();
  const body = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="module">'));
  expect(body).toMatch(/<h1>[^<]+<\/h1>/);
  expect(body).toContain('<h3>');
});

test.describe('installable app', () => {
  test.use({ serviceWorkers: 'allow' });

  test('the manifest loads, the service worker registers and keeps the shell, never the API', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await expect(page.getByTestId('credits-balance')).toHaveText('30');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = (await (await page.request.get(href!)).json()) as { name: string; icons: unknown[] };
    expect(manifest.name).toBe('Lumi AI');
    expect(manifest.icons.length).toBeGreaterThanOrEqual(3);

    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(new URL(scope).pathname).toBe('/');
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await expect(page.getByTestId('credits-balance')).toHaveText('30');
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys())
          urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/');
    expect(cached.some((u) => u.startsWith('/assets/'))).toBe(true);
    expect(cached.filter((u) => u.startsWith('/cgi-bin'))).toEqual([]);

    // Offline, the site still opens from the kept shell; a page whose code was never loaded says
    // the visitor is offline, with a way to try again, instead of breaking.
    await context.setOffline(true);
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await page.goto('/free-ai-voice-cloning');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByTestId('route-error')).toContainText('You are offline');
    await expect(page.getByTestId('route-error').getByRole('button', { name: 'Retry' })).toBeVisible();
    await context.setOffline(false);
  });
});

test('on a phone, the app prompt offers the app once the visitor looks around, and rests after "Not now"', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  // The header never moves while a page loads, so its logo link is where the click lands.
  const logo = page.getByRole('banner').getByRole('link', { name: 'Lumi AI' });
  await page.goto('/free-ai-image-generator');
  await expect(page.getByTestId('credits-balance')).toHaveText('30');
  await expect(page.getByTestId('app-prompt')).toHaveCount(0);
  await logo.click();
  await expect(page).toHaveURL(/\/$/);
  const prompt = page.getByTestId('app-prompt');
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole('heading')).toHaveText('Get the Lumi AI app');
  // Headless Chromium never offers installing: the prompt says how to add it from the menu.
  await expect(prompt).toContainText('Add to Home screen');
  await prompt.getByRole('button', { name: 'Not now' }).click();
  await expect(prompt).toBeHidden();
  await page.goto('/privacy-policy');
  await expect(page.getByTestId('content-document')).toBeVisible();
  await logo.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('credits-balance')).toHaveText('30');
  await expect(page.getByTestId('app-prompt')).toHaveCount(0);
  await context.close();
});

/** Presses Tab until `name` has the focus (the keyboard is the only way in). */
async function tabTo(page: Page, name: RegExp, limit = 40) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const label = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return `${el?.getAttribute('aria-label') ?? ''} ${el?.innerText ?? ''} ${el?.id ?? ''}`;
    });
    if (name.test(label)) return;
  }
  throw new Error(`could not reach ${name} with Tab`);
}

test('the sign-in dialog works with the keyboard alone; the profile then offers the app', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await expect(page.getByTestId('credits-balance')).toHaveText('30');
  await tabTo(page, /^ *Sign in/);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // Escape closes it and gives the focus back to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();

  const email = `keys-${Date.now()}@example.com`;
  const emailField = dialog.getByLabel('Email');
  for (let i = 0; i < 6 && !(await emailField.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(emailField).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
  const codeField = dialog.getByLabel('Sign-in code');
  await expect(codeField).toBeFocused();
  const code = await mailedCode(request, email);
  await page.keyboard.type(code);
  await expect(page.getByText('Landing success!')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.goto('/profile');
  const app = page.getByTestId('profile-app');
  await expect(app.getByRole('heading')).toHaveText('Get the Lumi AI app');
  await expect(app).toContainText('Install app');
});

test('the blog lists its articles and opens one; a tool page answers its questions', async ({ page }) => {
  await page.goto('/es/blog-list');
  const list = page.getByTestId('blog-list');
  await expect(list.getByRole('listitem')).toHaveCount(
    fs.readdirSync(path.join(root, 'content/blog')).length,
  );
  const first = list.getByRole('link').first();
  const title = (await first.getByRole('heading').textContent())!;
  await first.click();
  await expect(page).toHaveURL(/\/es\/blogs\/[a-z0-9-]+$/);
  await expect(page.getByTestId('content-document').getByRole('heading', { level: 1 })).toHaveText(title);

  await page.goto('/free-ai-voice-generator');
  const faq = page.getByTestId('tool-marketing');
  await faq.scrollIntoViewIfNeeded();
  const question = faq.locator('summary').first();
  await question.focus();
  await page.keyboard.press('Enter');
  await expect(faq.locator('details').first()).toHaveAttribute('open', '');
});

test('the tools menu and the language menu work with the keyboard alone', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('credits-balance')).toHaveText('30');
  const focusedRole = () => page.evaluate(() => document.activeElement?.getAttribute('role'));
  const focusedText = () => page.evaluate(() => (document.activeElement as HTMLElement).innerText);

  await tabTo(page, /AI Tools/);
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  // The focus moves into the menu; the arrows walk its items.
  await expect.poll(focusedRole).toMatch(/^menu/);
  await page.keyboard.press('ArrowDown');
  await expect.poll(focusedRole).toBe('menuitem');
  const first = await focusedText();
  await page.keyboard.press('ArrowDown');
  await expect.poll(focusedText).not.toBe(first);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: /AI Tools/ })).toBeFocused();

  await tabTo(page, /Choose language/);
  await page.keyboard.press('Enter');
  const languages = page.getByRole('menu');
  await expect(languages).toBeVisible();
  await expect.poll(focusedRole).toMatch(/^menu/);
  // Arrows into the list, then typing a letter jumps to the language that starts with it.
  await page.keyboard.press('ArrowDown');
  await expect.poll(focusedRole).toBe('menuitemradio');
  await page.keyboard.type('F');
  await expect.poll(focusedText).toContain('Français');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/fr$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});
