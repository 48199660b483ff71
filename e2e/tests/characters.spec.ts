import type { CharacterPage, CharacterSummary } from '@lumi/contract';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createFormControls, publishCharacter } from './create-form';
import { ns, text } from './texts';
import { CLUSTER } from './tags';

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

test('browse the home list, scroll for more and filter by a chip', CLUSTER, async ({ page }) => {
  await page.goto('/');
  await waitForSession(page);
  const cards = page.getByTestId('character-card');
  await expect(cards).toHaveCount(20);
  const firstHot = await cards.first().getAttribute('data-character-id');
  await expect(
    page.getByTestId('chips').getByRole('link', { name: text(en, 'chips.names.Hot'), exact: true }),
  ).toHaveAttribute('aria-current', 'true');

  // Infinite scroll: near the bottom the next page arrives. To the bottom at once, not by a wheel
  // of 20,000 px: Chromium's smooth wheel scroll goes on as pages arrive and, on a fast machine,
  // carries on through all fifteen of them (as a real flick would).
  await page.evaluate(() =>
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
  );
  await expect(cards).toHaveCount(40);
  // One page, not all of them: the page's end (marketing, FAQ, footer) is never the scroll
  // anchor, so it does not stay in view, asking for the next page, as the list grows.
  await page.waitForLoadState('networkidle');
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
  // (the Male list may still ask for its own next page as the page goes back: only Hot counts)
  page.on('request', (r) => {
    if (r.url().includes('/character/list?') && !r.url().includes('gender=')) listed.push(r.url());
  });
  await page.goBack();
  await expect(page).not.toHaveURL(/charsType/);
  await expect(cards.first()).toHaveAttribute('data-character-id', String(firstHot));
  expect(await cards.count()).toBeGreaterThanOrEqual(40);
  expect(listed.filter((u) => /[?&]page=[12](&|$)/.test(u))).toEqual([]);
});

test('create a character: validation messages first, then it is published', async ({ page }) => {
  const create = ns('en', 'create');
  const form = createFormControls(page, create);
  await page.goto('/free-ai-create-character');
  await waitForSession(page);
  await form.next();
  await expect(page.getByText(text(create, 'errors.avatarRequired'))).toBeVisible();
  await expect(page.getByText(text(create, 'errors.nameRequired'))).toBeVisible();

  await page
    .locator(`input[type="file"][aria-label="${text(create, 'fields.avatar.label')}"]`)
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  const name = `Juniper ${Date.now().toString(36)}`;
  await form.field('name').fill(name);
  await form.next();

  await form.next();
  await expect(page.getByText(text(create, 'errors.descRequired'))).toBeVisible();
  await form.field('desc').fill('A 27-year-old beekeeper on a rooftop in Lisbon who talks to her bees.');
  await form.field('personality').fill('Sunny, stubborn, allergic to small talk.');
  await form.next();

  await form.next();
  await expect(page.getByText(text(create, 'errors.greetingRequired'))).toBeVisible();
  await form.field('firstMessage').fill('*Lifts the hive lid.* Careful, they like you. That never happens.');
  // The last step, the lorebook, is optional.
  await form.next();
  await expect(page.getByText(text(create, 'lorebook.empty.title'))).toBeVisible();
  // Here public characters are approved at once.
  const body = await publishCharacter<CharacterSummary>(page, create);
  // The create call screens every field and draws the avatar: give it time on a busy machine.
  await expect(page.getByText(text(create, 'success.created'))).toBeVisible({ timeout: 15_000 });
  expect(body.code).toBe(0);
  await expect(page).toHaveURL(/\/my-Characters-list/);
  await expect(page.locator(`[data-character-id="${body.data.id}"]`)).toContainText(name);
});

test('search by name as the user types, and remember the search', async ({ page }) => {
  const search = ns('en', 'search');
  await page.goto('/search');
  await waitForSession(page);
  // A name from the seed catalogue, typed partly: prefix search finds it.
  const listed = (await (
    await page.request.get('/cgi-bin/auth/character/list?sort=dailyRandom&page_size=20')
  ).json()) as { data: CharacterPage };
  // A catalogue character (other tests create and delete their own meanwhile).
  const target = listed.data.characters.find((c) => !c.name.startsWith('Clockmaker'));
  if (!target) throw new Error('no characters');
  const word = target.name.split(/\s+/).reduce((a, b) => (b.length > a.length ? b : a), '');
  const box = page.getByRole('searchbox', { name: text(search, 'placeholder') });
  const answered = page.waitForResponse((r) => r.url().includes('/character/list-search'));
  await box.fill(`  ${word.slice(0, Math.max(3, word.length - 1))} `);
  const body = (await (await answered).json()) as { data: CharacterPage };
  expect(body.data.characters.map((c) => c.id)).toContain(target.id);
  await expect(page.locator(`[data-character-id="${target.id}"]`)).toBeVisible();
  await expect(page).toHaveURL(/\/search\/[^/]+$/);
  await box.press('Enter');
  await page.goto('/search');
  await expect(page.getByTestId('recent-searches')).toContainText(word.slice(0, 3));
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
