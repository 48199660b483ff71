import type { Locator, Page } from '@playwright/test';

/**
 * The card of a seeded character a guest can open, on the page's list: not veiled (the Hot list
 * is shuffled once a day and adult characters are in it behind a veil: a guest gets the adult
 * notice, not the chat), and the lowest id among those shown. The catalogue is seeded before
 * anything else, so its characters have the lowest ids; other tests create public characters
 * (which may be shuffled to the top) and delete them while this one chats.
 */
export async function openableCard(page: Page): Promise<Locator> {
  const cards = page.locator('[data-testid="character-card"]:not([data-veiled])');
  await cards.first().waitFor();
  const ids = await cards.evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-character-id'))));
  const id = Math.min(...ids.filter((n) => Number.isInteger(n) && n > 0));
  if (!Number.isFinite(id)) throw new Error('no openable character on the page');
  return page.locator(`[data-testid="character-card"][data-character-id="${id}"]`);
}

/** The chat path of that card. */
export async function openableChatHref(page: Page): Promise<string> {
  const href = await (await openableCard(page)).locator('a').first().getAttribute('href');
  if (!href) throw new Error('no openable character on the page');
  return href;
}
