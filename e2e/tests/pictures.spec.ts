import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { openableChatHref } from './cards';

/**
 * Issue 22, item 2: "Send me a picture" in a character chat, by the composer's button and in
 * words, in English and Arabic, on a laptop and on a phone: the picture is drawn (the offline
 * preview renderer here, which says so), shown after the reply where it was asked, and still
 * there after a reload; a shared one shows on the character's page.
 */
const localesDir = path.resolve(import.meta.dirname, '../../packages/contract/locales');
const texts = (locale: string, ns: 'chat' | 'characters') =>
  JSON.parse(fs.readFileSync(path.join(localesDir, locale, `${ns}.json`), 'utf8')) as Record<
    string,
    Record<string, string>
  >;

/** Asking in words, as a visitor writes it in each language. */
const ASK_IN_WORDS = { en: 'Send me a picture of you by the sea', ar: 'أرسلي لي صورة لك عند البحر' };

const items = (page: Page) => page.getByTestId('chat-picture-item');
const shotsDir = process.env.SHOTS_DIR;

async function send(page: Page, text: string) {
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-send').click();
  await expect(page.getByTestId('chat-stop')).toBeHidden({ timeout: 20_000 });
}

for (const locale of ['en', 'ar'] as const) {
  for (const width of [1280, 390] as const) {
    const phone = width === 390;
    test.describe(`pictures in chat (${locale}, ${width} px)`, () => {
      test.use({
        viewport: { width, height: phone ? 844 : 800 },
        ...(phone ? { isMobile: true, hasTouch: true } : {}),
      });

      test('the button and the words each bring a picture, in place, kept on reload', async ({ page }) => {
        test.setTimeout(90_000);
        const chat = texts(locale, 'chat');
        await page.goto(locale === 'en' ? '/' : `/${locale}`);
        await page.goto(await openableChatHref(page));
        await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
        const messages = page.getByTestId('chat-message');
        await expect(messages).toHaveCount(1);

        // The button, named with what a picture costs (free: the offline preview draws).
        const button = page.getByTestId('chat-picture');
        await expect(button).toHaveAttribute('aria-label', `${chat.picture!.ask} · ${chat.picture!.free}`);
        const box = await button.boundingBox();
        expect(box!.width).toBeGreaterThanOrEqual(40);
        await button.click();
        await expect(items(page)).toHaveCount(1);
        await expect(items(page).first()).toHaveAttribute('data-state', 'done', { timeout: 20_000 });
        const first = items(page).first();
        await expect(first.getByRole('img')).toBeVisible();
        await expect(first.getByTestId('picture-preview')).toHaveText(chat.picture!.preview!);

        // In words: the reply comes as usual, then the picture after it.
        await send(page, ASK_IN_WORDS[locale]);
        await expect(messages).toHaveCount(3);
        await expect(items(page)).toHaveCount(2);
        await expect(items(page).nth(1)).toHaveAttribute('data-state', 'done', { timeout: 20_000 });
        // Each follows the message it was asked after: the greeting, then the reply.
        const order = await page
          .locator('[data-testid="chat-message"], [data-testid="chat-picture-item"]')
          .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')));
        expect(order).toEqual([
          'chat-message',
          'chat-picture-item',
          'chat-message',
          'chat-message',
          'chat-picture-item',
        ]);
        // Nothing sticks out of the page.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        if (shotsDir) await page.screenshot({ path: path.join(shotsDir, `pictures-${locale}-${width}.png`) });

        await page.reload();
        await expect(items(page)).toHaveCount(2);
        await expect(items(page).nth(1).getByRole('img')).toBeVisible();
      });

      if (!phone) {
        test('a shared picture shows on the character’s page', async ({ page }) => {
          test.setTimeout(60_000);
          const characters = texts(locale, 'characters');
          await page.goto(locale === 'en' ? '/' : `/${locale}`);
          await page.goto(await openableChatHref(page));
          const look = page.getByTestId('character-look').first();
          await page.getByTestId('chat-picture').click();
          await expect(items(page).first()).toHaveAttribute('data-state', 'done', { timeout: 20_000 });
          await items(page).first().getByTestId('picture-share').click();
          await expect(items(page).first().getByTestId('picture-shared')).toBeVisible();
          await expect(look.getByTestId('look-picture').first()).toBeVisible();
          await expect(look.getByRole('heading', { name: characters.look!.gallery })).toBeVisible();
          if (shotsDir) {
            await page.screenshot({ path: path.join(shotsDir, `pictures-page-${locale}-${width}.png`) });
            await look.scrollIntoViewIfNeeded();
            await look.screenshot({ path: path.join(shotsDir, `pictures-look-${locale}-${width}.png`) });
          }
        });
      }
    });
  }
}
