import type { CharacterDetail } from '@lumi/contract';
import { expect, test, type Page } from '@playwright/test';
import { openableChatHref } from './cards';
import { createFormControls, publishCharacter } from './create-form';
import { PHONE } from './layout';
import { ns, text } from './texts';

/** A translated sentence with its tags dropped and its values put in. */
const sentence = (template: string, values: Record<string, string>) =>
  template.replace(/<\/?\w+>/g, '').replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');

/** The profile as this screen shows it: beside the chat from 1024 px, in a sheet on a phone. */
async function profile(page: Page) {
  if ((page.viewportSize()?.width ?? 0) < 1024) await page.getByTestId('chat-header').click();
  const shown = page.locator('[data-testid="character-profile"]:visible');
  await expect(shown).toHaveCount(1);
  return shown;
}

/**
 * Issue 21, item 5: a visitor clones a seeded public character through the page and the form;
 * the clone's page says what it is based on and links to it, in English and in Arabic, on a
 * phone and on a desktop.
 */
for (const locale of ['en', 'ar'] as const) {
  for (const width of [PHONE.width, 1280]) {
    test(`clone a seeded character and see "based on" (${locale}, ${width} px)`, async ({ page }) => {
      // Two page loads, the form and the create call beside another worker.
      test.setTimeout(90_000);
      const chars = ns(locale, 'characters');
      const create = ns(locale, 'create');
      const form = createFormControls(page, create);
      const prefix = locale === 'en' ? '' : `/${locale}`;
      await page.setViewportSize(width === PHONE.width ? PHONE : { width, height: 900 });

      await page.goto(`${prefix}/`);
      await expect(page.getByTestId('credits-balance')).toHaveText(/\d/);
      const href = await openableChatHref(page);
      const sourceId = Number(href.split('/').pop());
      const res = await page.request.get(`/cgi-bin/auth/character/get?id=${sourceId}`);
      const source = ((await res.json()) as { data: CharacterDetail }).data;
      expect(source.based_on).toEqual([]);

      await page.goto(href);
      await (await profile(page)).getByRole('button', { name: text(chars, 'owner.clone') }).click();
      await expect(page).toHaveURL(/free-ai-create-character\?type=clone/);
      await expect(page.getByTestId('clone-notice')).toContainText(source.name);

      // Kept private: only its maker sees it, and the seeded lists stay as they are.
      const priv = page.getByRole('radio', { name: text(create, 'fields.visibility.private') });
      // The radio is drawn by its label.
      await page.locator('label').filter({ has: priv }).click();
      await expect(priv).toBeChecked();
      // Through the greeting and lorebook steps to Publish.
      await form.next();
      await form.next();
      await form.next();
      const made = await publishCharacter<CharacterDetail>(page, create);
      expect(made.code, made.message).toBe(0);
      expect(made.data.based_on).toEqual([{ id: source.id, name: source.name, creator: source.creator }]);
      await expect(page).toHaveURL(/\/my-Characters-list/);

      await page.goto(`${prefix}/free-ai-Characters-chat/${made.data.id}`);
      const line = (await profile(page)).getByTestId('based-on');
      await expect(line).toHaveText(
        sentence(text(ns(locale, 'chat'), 'basedOn.nearest'), { name: source.name, creator: source.creator }),
      );
      const link = line.getByRole('link', { name: source.name });
      await expect(link).toHaveAttribute('href', `${prefix}/free-ai-Characters-chat/${source.id}`);
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
      // The Latin name keeps its own direction inside the Arabic sentence.
      await expect(link).toHaveAttribute('dir', 'auto');
      await link.click();
      await expect(page).toHaveURL(new RegExp(`/free-ai-Characters-chat/${source.id}$`));
      await expect((await profile(page)).getByTestId('based-on')).toHaveCount(0);
    });
  }
}
