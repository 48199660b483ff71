import type { CharacterDetail } from '@lumi/contract';
import { expect, test, type Page } from '@playwright/test';
import { openableChatHref } from './cards';
import { ns, text } from './texts';

const chatText = ns('en', 'chat');
const t = (key: string) => text(chatText, key);

const balance = (page: Page) => page.getByTestId('credits-balance');
const messages = (page: Page) => page.getByTestId('chat-message');
const replies = (page: Page) => page.locator('[data-testid="chat-message"][data-role="assistant"]');

/** Opens the chat of the first home card a guest can open, and returns its character. */
async function openSeededChat(page: Page): Promise<CharacterDetail> {
  await page.goto('/');
  await expect(balance(page)).toHaveText(/\d/);
  const href = await openableChatHref(page);
  expect(href).toMatch(/\/free-ai-Characters-chat\/\d+$/);
  const id = Number(href?.split('/').pop());
  const res = await page.request.get(`/cgi-bin/auth/character/get?id=${id}`);
  const character = ((await res.json()) as { data: CharacterDetail }).data;
  await page.goto(href ?? '/');
  return character;
}

async function send(page: Page, text: string) {
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-send').click();
}

test('chat with a seeded character on the demo engine: the reply streams in, swipe, edit, restart', async ({
  page,
}) => {
  // Eight steps, three reloads: about 17 s alone, twice that beside another worker.
  test.setTimeout(60_000);
  const character = await openSeededChat(page);
  // The greeting opens the chat, below the one line saying the character is an AI; the demo
  // engine says what it is and that it is free (the setting behind it is for admins only).
  await expect(messages(page)).toHaveCount(1);
  await expect(replies(page).first()).toContainText(
    character.first_message.split('\n')[0]!.replace(/[*"]/g, '').slice(0, 20),
  );
  await expect(page.getByTestId('ai-disclosure')).toHaveCount(1);
  await expect(page.getByTestId('ai-disclosure')).toHaveText(
    t('disclosure.character').replace('{{name}}', character.name),
  );
  await expect(page.getByTestId('demo-notice')).toContainText(t('demo.free'));
  await expect(page.getByTestId('demo-notice')).not.toContainText('LLM_BASE_URL');
  await expect(page.getByTestId('chat-cost')).toContainText(t('composer.free'));
  await expect(balance(page)).toHaveText('30');

  await send(page, 'Hello there, who are you?');
  // While the reply streams, Stop is offered and the message grows word by word.
  await expect(page.getByTestId('chat-stop')).toBeVisible();
  const reply = replies(page).nth(1);
  await expect(reply).toHaveAttribute('aria-busy', 'true');
  const early = (await reply.getByTestId('message-text').innerText()).length;
  await expect(page.getByTestId('chat-stop')).toBeHidden({ timeout: 15_000 });
  const full = await reply.getByTestId('message-text').innerText();
  expect(full.length).toBeGreaterThan(early);
  // The demo engine answers in character, echoing what it heard (its name shows in story style only).
  expect(full).toContain('Hello there, who are you');
  await expect(reply.getByTestId('demo-tag')).toBeVisible();
  // Demo replies cost nothing.
  await expect(balance(page)).toHaveText('30');
  await expect(messages(page)).toHaveCount(3);

  // Swipe: the arrow past the last alternative writes another one; back shows the first again.
  await reply.hover();
  await reply.getByTestId('swipe-next').click();
  await expect(reply.getByTestId('swipe-position')).toHaveText('2/2', { timeout: 15_000 });
  await expect(page.getByTestId('chat-stop')).toBeHidden({ timeout: 15_000 });
  await expect(balance(page)).toHaveText('30');
  const second = await reply.getByTestId('message-text').innerText();
  await reply.getByTestId('swipe-prev').click();
  await expect(reply.getByTestId('swipe-position')).toHaveText('1/2');
  await expect(reply.getByTestId('message-text')).toHaveText(full);
  expect(second).not.toBe(full);

  // Edit the user's message; it stays edited after a reload.
  const mine = page.locator('[data-testid="chat-message"][data-role="user"]').first();
  await mine.hover();
  await mine.getByTestId('message-edit').click();
  await mine.getByRole('textbox').fill('Good evening. Who are you really?');
  await mine.getByTestId('message-save').click();
  await expect(mine.getByTestId('message-text')).toHaveText('Good evening. Who are you really?');
  await page.reload();
  await expect(messages(page)).toHaveCount(3);
  await expect(page.locator('[data-testid="chat-message"][data-role="user"]').first()).toContainText(
    'Good evening. Who are you really?',
  );
  // The chosen alternative was kept too.
  await expect(replies(page).nth(1).getByTestId('swipe-position')).toHaveText('1/2');

  // Restart, confirmed: only the greeting is left.
  await page.getByTestId('chat-restart').click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: t('restart.confirm') })
    .click();
  await expect(messages(page)).toHaveCount(1);
  await page.reload();
  await expect(messages(page)).toHaveCount(1);
});

test('stop keeps what was written; the reply can then be continued', async ({ page }) => {
  await openSeededChat(page);
  await expect(messages(page)).toHaveCount(1);
  await send(page, 'Tell me everything about this place.');
  const reply = replies(page).nth(1);
  await expect(reply.getByTestId('message-text')).not.toHaveText('', { timeout: 10_000 });
  await page.getByTestId('chat-stop').click();
  await expect(page.getByTestId('chat-send')).toBeVisible();
  const cut = await reply.getByTestId('message-text').innerText();
  expect(cut.trim().length).toBeGreaterThan(0);
  await reply.hover();
  await reply.getByTestId('message-continue').click();
  await expect(page.getByTestId('chat-stop')).toBeHidden({ timeout: 15_000 });
  const continued = await reply.getByTestId('message-text').innerText();
  expect(continued.length).toBeGreaterThan(cut.length);
});

test('AI chat: a prompt idea starts a chat, it survives a reload, and clear empties it', async ({ page }) => {
  await page.goto('/free-ai-chat-online');
  await expect(balance(page)).toHaveText(/\d/);
  const ideas = page.getByTestId('prompt-idea');
  await expect(ideas).toHaveCount(6);
  await expect(page.getByTestId('ai-disclosure')).toHaveText(t('disclosure.assistant'));
  await ideas.first().click();
  await expect(page.getByTestId('chat-input')).toHaveValue(t('ai.idea.plan'));
  await page.getByTestId('chat-send').click();
  await expect(page.getByTestId('chat-stop')).toBeHidden({ timeout: 15_000 });
  await expect(replies(page).first()).toContainText('demo engine');
  await expect(messages(page)).toHaveCount(2);

  await page.reload();
  await expect(messages(page)).toHaveCount(2);

  await page.getByTestId('chat-clear').click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: t('clear.confirm') })
    .click();
  await expect(messages(page)).toHaveCount(0);
  await expect(page.getByTestId('prompt-idea')).toHaveCount(6);
});
