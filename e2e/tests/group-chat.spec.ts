import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';

/**
 * Issue 22, item 3: a group chat with three characters, as a visitor starts and plays it: from
 * a character's chat, pick two more (one from the recent chats, one by a search), start, call
 * on one by name, let another speak with a tap; the character page lists the group. In English
 * and Arabic, on a laptop and on a phone.
 */
const localesDir = path.resolve(import.meta.dirname, '../../packages/contract/locales');
const groupText = (locale: string) =>
  (
    JSON.parse(fs.readFileSync(path.join(localesDir, locale, 'chat.json'), 'utf8')) as {
      group: Record<string, string>;
    }
  ).group;

/** The three lowest-id characters on the list a guest can open: id, name and chat address. */
async function openableCharacters(page: Page) {
  const cards = page.locator('[data-testid="character-card"]:not([data-veiled])');
  await cards.first().waitFor();
  const all = await cards.evaluateAll((els) =>
    els.map((el) => ({
      id: Number(el.getAttribute('data-character-id')),
      name: el.querySelector('bdi')?.textContent?.trim() ?? '',
      href: el.querySelector('a')?.getAttribute('href') ?? '',
    })),
  );
  const picked = all.filter((c) => c.id > 0 && c.name && c.href).sort((a, b) => a.id - b.id);
  // Names that do not contain one another, so calling one by name calls only that one.
  const distinct = picked.filter(
    (c, i) => !picked.slice(0, i).some((o) => o.name.includes(c.name) || c.name.includes(o.name)),
  );
  if (distinct.length < 3) throw new Error('fewer than three openable characters on the list');
  return distinct.slice(0, 3);
}

const messages = (page: Page) => page.getByTestId('chat-message');

async function waitForReply(page: Page) {
  await expect(page.getByTestId('chat-stop')).toBeHidden({ timeout: 20_000 });
}

for (const locale of ['en', 'ar'] as const) {
  for (const width of [1280, 390] as const) {
    const touch = width === 390;
    test.describe(`group chat (${locale}, ${width} px)`, () => {
      test.use({
        viewport: { width, height: touch ? 844 : 800 },
        ...(touch ? { isMobile: true, hasTouch: true } : {}),
      });

      test('the Multiple Characters chip invites to a group chat', async ({ page }) => {
        const g = groupText(locale);
        const prefix = locale === 'en' ? '' : `/${locale}`;
        await page.goto(`${prefix}/?charsType=Multiple%20Characters`);
        await page.getByTestId('group-invite-start').click();
        const picker = page.getByTestId('group-picker');
        await expect(picker.getByRole('heading', { name: g.pickTitle })).toBeVisible();
        await expect(picker.getByTestId('group-start')).toBeDisabled();
        // Other chips do not show it.
        await page.goto(`${prefix}/?charsType=Fantasy`);
        await expect(page.getByTestId('character-card').first()).toBeVisible();
        await expect(page.getByTestId('group-invite')).toHaveCount(0);
      });

      test('start a group of three, call on one by name, let another speak', async ({ page }) => {
        test.setTimeout(120_000);
        const g = groupText(locale);
        const prefix = locale === 'en' ? '' : `/${locale}`;
        await page.goto(prefix || '/');
        const [a, b, c] = await openableCharacters(page);
        if (!a || !b || !c) throw new Error('no characters');
        // Visiting two chats puts them in the recent chats; the group starts from the third's.
        for (const visit of [b, a]) {
          await page.goto(visit.href);
          await expect(messages(page).first()).toBeVisible();
        }
        await page.goto(c.href);
        await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
        await expect(messages(page).first()).toBeVisible();

        // On a phone, from the character's page (a tap on the name); on a laptop, the header.
        if (touch) {
          await page.getByTestId('chat-header').click();
          await page.getByTestId('group-new').last().click();
        } else {
          await page.getByTestId('chat-group-open').click();
        }
        const picker = page.getByTestId('group-picker');
        await expect(picker.getByRole('heading', { name: g.pickTitle })).toBeVisible();
        const picked = picker.getByTestId('group-picked').locator('li');
        await expect(picked).toHaveCount(1);
        await expect(picked.first()).toContainText(c.name);
        const start = picker.getByTestId('group-start');
        await expect(start).toBeDisabled();
        // One from the recent chats, one by a search.
        await picker.getByTestId('group-candidate').filter({ hasText: a.name }).click();
        await picker.getByTestId('group-search').fill(b.name);
        await picker.getByTestId('group-candidate').filter({ hasText: b.name }).first().click();
        await expect(picked).toHaveCount(3);
        await start.click();

        await expect(page).toHaveURL(/\/group-chat\/[0-9a-f-]{36}$/);
        const header = page.getByTestId('group-header');
        for (const who of [c, a, b]) await expect(header).toContainText(who.name);
        // The first one's greeting, under its name.
        await expect(messages(page)).toHaveCount(1);
        await expect(messages(page).first().getByTestId('chat-author')).toHaveText(c.name);

        // Called on by name: that one answers.
        await page.getByTestId('chat-input').fill(`${b.name}, what do you think?`);
        await page.getByTestId('chat-send').click();
        await waitForReply(page);
        await expect(messages(page)).toHaveCount(3);
        await expect(messages(page).nth(2).getByTestId('chat-author')).toHaveText(b.name);

        // A tap lets another speak, without a message of the visitor's.
        const speak = page.getByTestId('group-speak-member');
        await expect(speak).toHaveCount(3);
        await speak.nth(1).click();
        await waitForReply(page);
        await expect(messages(page)).toHaveCount(4);
        await expect(messages(page).nth(3).getByTestId('chat-author')).toHaveText(a.name);
        await expect(messages(page).nth(3)).toHaveAttribute('data-role', 'assistant');

        // Nothing overflows the phone's width.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);

        // After a reload the group is all there; the character's page lists it.
        const url = page.url();
        await page.reload();
        await expect(messages(page)).toHaveCount(4);
        await page.goto(c.href);
        if (touch) await page.getByTestId('chat-header').click();
        const groups = page.getByTestId('character-groups').last();
        await expect(groups.getByRole('heading', { name: g.yours })).toBeVisible();
        await groups.getByTestId('character-group').first().click();
        await expect(page).toHaveURL(url);
      });
    });
  }
}
