import fs from 'node:fs';
import path from 'node:path';
import type { CharacterPage, CharacterSummary } from '@lumi/contract';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

const localesDir = path.resolve(import.meta.dirname, '../../apps/web/src/locales');
type Tree = { [key: string]: string | Tree };
const ns = (locale: string, name: string) =>
  JSON.parse(fs.readFileSync(path.join(localesDir, locale, `${name}.json`), 'utf8')) as Tree;
const text = (tree: Tree, key: string): string => {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no text at ${key}`);
  return node;
};
const en = ns('en', 'characters');

/** A small valid PNG (1x1, red) for uploads made through the API. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);

async function waitForSession(page: Page) {
  await expect(page.getByTestId('credits-balance')).toHaveText(/\d/);
}

async function createViaApi(request: APIRequestContext, name: string): Promise<CharacterSummary> {
  const res = await request.post('/cgi-bin/auth/character/create', {
    multipart: {
      head: { name: 'a.png', mimeType: 'image/png', buffer: PNG },
      name,
      desc: 'A 30-year-old clockmaker who repairs time itself, one gear at a time.',
      personality: 'Patient, precise, quietly funny.',
      first_message: '*The clocks all stop as you enter.* Ah. You must be the one who is late.',
      gender: 'Male',
      category: 'realistic',
      visibility: 'public',
      tag: 'Fantasy',
    },
  });
  const body = (await res.json()) as { code: number; message: string; data: CharacterSummary };
  expect(body.code, body.message).toBe(0);
  return body.data;
}

test('browse the home list, scroll for more and filter by a chip', async ({ page }) => {
  await page.goto('/');
  await waitForSession(page);
  const cards = page.getByTestId('character-card');
  await expect(cards).toHaveCount(20);
  const firstHot = await cards.first().getAttribute('data-character-id');
  await expect(page.getByRole('link', { name: text(en, 'chips.names.Hot') })).toHaveAttribute(
    'aria-current',
    'true',
  );

  // Infinite scroll: near the bottom the next page arrives.
  await page.mouse.wheel(0, 20_000);
  await expect(cards).toHaveCount(40);

  const males = page.waitForResponse(
    (r) => r.url().includes('/character/list') && r.url().includes('gender=Male'),
  );
  await page.getByRole('link', { name: text(en, 'chips.names.Male'), exact: true }).click();
  await expect(page).toHaveURL(/charsType=Male/);
  const body = (await (await males).json()) as { data: CharacterPage };
  expect(body.data.characters.length).toBeGreaterThan(0);
  expect(body.data.characters.every((c) => c.gender === 'Male')).toBe(true);
  await expect(cards.first()).toHaveAttribute('data-character-id', String(body.data.characters[0]?.id));

  // Back on Hot, the pages already seen come from the session cache, not from the server.
  const listed: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/character/list?')) listed.push(r.url());
  });
  await page.goBack();
  await expect(page).not.toHaveURL(/charsType/);
  await expect(cards.first()).toHaveAttribute('data-character-id', String(firstHot));
  expect(await cards.count()).toBeGreaterThanOrEqual(40);
  expect(listed.filter((u) => /[?&]page=[12](&|$)/.test(u))).toEqual([]);
});

test('like a character, find it in My Likes, and see it removed when its creator deletes it', async ({
  page,
  browser,
}) => {
  // The creator, in a browser of their own.
  const creatorContext = await browser.newContext();
  const creator = await creatorContext.newPage();
  await creator.goto('/my-Characters-list');
  await waitForSession(creator);
  const name = `Clockmaker ${Date.now().toString(36)}`;
  const made = await createViaApi(creator.request, name);

  // A visitor finds it under New and likes it.
  await page.goto('/?charsType=New');
  await waitForSession(page);
  const card = page.locator(`[data-character-id="${made.id}"]`);
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: text(en, 'card.like') }).click();
  await expect(card.getByRole('button', { name: text(en, 'card.unlike') })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page
    .getByRole('link', { name: text(en, 'tabs.likedCharacters') })
    .first()
    .click();
  await expect(page.locator(`[data-character-id="${made.id}"]`)).toBeVisible();

  // The creator deletes it from My Characters, after confirming.
  await creator.reload();
  const own = creator.locator(`[data-character-id="${made.id}"]`);
  await own.getByRole('button', { name: text(en, 'owner.menu').replace('{{name}}', name) }).click();
  await creator.getByRole('menuitem', { name: text(en, 'owner.delete') }).click();
  await creator
    .getByRole('dialog')
    .getByRole('button', { name: text(en, 'owner.delete') })
    .click();
  await expect(own).toBeHidden();
  await creatorContext.close();

  // The visitor's like stays, marked as removed by its creator.
  await page.reload();
  const liked = page.locator(`[data-character-id="${made.id}"]`);
  await expect(liked).toContainText(text(en, 'card.removed'));
  await expect(liked).toContainText('Creator removed this character.');
});
