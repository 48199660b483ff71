import type { Locator, Page } from '@playwright/test';

/**
 * The first card a guest can open. The Hot list is shuffled once a day and adult characters
 * are in it behind a veil (a guest gets the adult notice, not the chat), so tests that open a
 * chat skip veiled cards.
 */
export const openableCard = (page: Page): Locator =>
  page.locator('[data-testid="character-card"]:not([data-veiled])').first();

/** The chat path of the first card a guest can open. */
export async function openableChatHref(page: Page): Promise<string> {
  const href = await openableCard(page).locator('a').first().getAttribute('href');
  if (!href) throw new Error('no openable character on the page');
  return href;
}
