import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { openableChatHref } from './cards';

/**
 * Issue 21, item 4: branching a chat from a message and switching between its branches, as a
 * visitor does it, in English and Arabic, on a laptop and on a phone (touch: the message
 * actions show on a tap, not on hover).
 */
const localesDir = path.resolve(import.meta.dirname, '../../packages/contract/locales');
const chatText = (locale: string) =>
  JSON.parse(fs.readFileSync(path.join(localesDir, locale, 'chat.json'), 'utf8')) as {
    branches: Record<string, string>;
    message: Record<string, string>;
  };

const messages = (page: Page) => page.getByTestId('chat-message');
const texts = async (page: Page) =>
  (await messages(page).getByTestId('message-text').allInnerTexts()).map((t) => t.trim());

async function send(page: Page, text: string) {
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-send').click();
  await expect(page.getByTestId('chat-stop')).toBeHidden({ timeout: 20_000 });
}

/** Shows a message's actions the way the device does: a tap on a phone, a hover elsewhere. */
async function reveal(message: Locator, touch: boolean) {
  if (touch) await message.getByTestId('message-text').tap();
  else await message.hover();
}

for (const locale of ['en', 'ar'] as const) {
  for (const width of [1280, 390] as const) {
    const touch = width === 390;
    test.describe(`branches (${locale}, ${width} px)`, () => {
      test.use({
        viewport: { width, height: touch ? 844 : 800 },
        ...(touch ? { isMobile: true, hasTouch: true } : {}),
      });

      test('branch from a message, go another way, switch back with one tap', async ({ page }) => {
        test.setTimeout(90_000);
        const strings = chatText(locale);
        await page.goto(locale === 'en' ? '/' : `/${locale}`);
        const href = await openableChatHref(page);
        await page.goto(href);
        await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
        await expect(messages(page)).toHaveCount(1);
        await send(page, 'We take the north road.');
        await send(page, 'Then we cross the bridge.');
        await expect(messages(page)).toHaveCount(5);
        const main = await texts(page);

        // Branch from the first reply: the branch shows the history up to it, and nothing after.
        const firstReply = messages(page).nth(2);
        await reveal(firstReply, touch);
        const branchButton = firstReply.getByTestId('message-branch');
        await expect(branchButton).toHaveAttribute('aria-label', strings.message.branch!);
        await branchButton.click();
        await expect(page.getByText(strings.branches.created!)).toBeVisible();
        await expect(messages(page)).toHaveCount(3);
        expect(await texts(page)).toEqual(main.slice(0, 3));

        // The story goes another way in the branch.
        await send(page, 'No: we turn back to the harbour.');
        await expect(messages(page)).toHaveCount(5);
        const branch = await texts(page);
        expect(branch[3]).toBe('No: we turn back to the harbour.');

        // The drawer shows both as a tree, the branch under its chat, marked as the one shown.
        await page.getByTestId('chat-branches-open').click();
        const drawer = page.getByTestId('chat-branches');
        await expect(drawer.getByRole('heading', { name: strings.branches.title })).toBeVisible();
        const rows = drawer.getByTestId('branch-row');
        await expect(rows).toHaveCount(2);
        const [root, child] = [rows.nth(0), rows.nth(1)];
        await expect(child).toHaveAttribute('aria-current', 'true');
        await expect(root).toContainText(strings.branches.chat!);
        await expect(child).toContainText(strings.branches.branch!);
        // Nested at the start side: indented from the left in English, from the right in Arabic.
        const [rootBox, childBox] = [await root.boundingBox(), await child.boundingBox()];
        if (!rootBox || !childBox) throw new Error('rows not laid out');
        if (locale === 'ar') expect(childBox.x + childBox.width).toBeLessThan(rootBox.x + rootBox.width - 8);
        else expect(childBox.x).toBeGreaterThan(rootBox.x + 8);
        await page.screenshot({ path: test.info().outputPath(`branches-${locale}-${width}.png`) });

        // One tap on the first chat: it is back as it was, and stays the current one on reload.
        await root.click();
        await expect(drawer).toBeHidden();
        await expect(messages(page)).toHaveCount(5);
        expect(await texts(page)).toEqual(main);
        await page.reload();
        await expect(messages(page)).toHaveCount(5);
        expect(await texts(page)).toEqual(main);

        // And back to the branch.
        await page.getByTestId('chat-branches-open').click();
        await drawer.getByTestId('branch-row').nth(1).click();
        await expect(drawer).toBeHidden();
        expect(await texts(page)).toEqual(branch);
      });
    });
  }
}
