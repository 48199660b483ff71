// Screenshots of the create form's Lorebook step (issue 21), English and Arabic at 390 and
// 1280 px: the empty step, a card's entries, one entry open with its folded options, and the
// book's settings. BASE (default http://127.0.0.1:8090): a running site. OUT: /tmp/shots-lorebook.
import { AVATAR_PNG as PNG, base, eachLocaleAndWidth } from './shots.mjs';

const entry = (i, over) => ({
  id: i,
  keys: [],
  content: '',
  insertion_order: (i + 1) * 10,
  enabled: true,
  extensions: { display_index: i },
  ...over,
});
const card = {
  spec: 'chara_card_v2',
  spec_version: '2.0',
  data: {
    name: 'Aelin of the River',
    description: 'A young healer sworn to the river kingdom of Eldoria.',
    personality: 'Gentle, stubborn, curious.',
    first_mes: '*The ferry rocks as you step aboard.* You made it before the fog.',
    tags: ['Fantasy'],
    extensions: {},
    character_book: {
      name: 'Eldoria',
      scan_depth: 6,
      extensions: {},
      entries: [
        entry(0, {
          keys: ['Eldoria', 'river kingdom', 'the council'],
          comment: 'Eldoria',
          content:
            'Eldoria is a river kingdom ruled by a council of twelve healers. Its capital floats on barges lashed together, and every spring the whole city moves a mile downstream.',
        }),
        entry(1, {
          keys: ['vow'],
          secondary_keys: ['healer', 'oath'],
          selective: true,
          comment: 'The healer’s vow',
          content: 'A healer’s vow forbids taking a life, even in war.',
          position: 'after_char',
        }),
        entry(2, {
          keys: ['Drowned Lantern', 'tavern'],
          comment: 'The Drowned Lantern',
          content: 'The only tavern on the river, run by a retired smuggler named Oska.',
          enabled: false,
        }),
        entry(3, {
          keys: [],
          comment: 'Always: the fog',
          content: 'Fog covers the river every night.',
          constant: true,
        }),
      ],
    },
  },
};

await eachLocaleAndWidth(
  process.env.OUT ?? '/tmp/shots-lorebook',
  async ({ page, ctx, locale, tag, shot }) => {
    /** The whole form (an element shot: the sticky header stays out of it). */
    const form = page.locator('form');
    await page.goto(`${base}${locale}/free-ai-create-character`);
    await page.getByTestId('credits-balance').filter({ hasText: /\d/ }).waitFor();
    // A new character's empty step.
    await page
      .locator('input[type=file]#cc-avatar')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await page.locator('#cc-card').setInputFiles({
      name: 'aelin.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(card)),
    });
    await page.locator('#cc-name').and(page.locator('[value="Aelin of the River"]')).waitFor();
    await page.getByTestId('step-lorebook').click();
    await page.getByTestId('lore-entry').first().waitFor();
    await page.waitForTimeout(300);
    await shot(page, `lorebook-list-${tag}`, form);
    // One entry open, its options unfolded.
    const second = page.getByTestId('lore-entry').nth(1);
    await second.locator('button[aria-expanded]').click();
    await second.locator('summary').click();
    await page.waitForTimeout(300);
    await shot(page, `lorebook-entry-${tag}`, form);
    await second.locator('summary').scrollIntoViewIfNeeded();
    await shot(page, `lorebook-options-${tag}`);
    // The book's settings.
    await page.locator('form summary').last().click();
    await page.locator('form summary').last().scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await shot(page, `lorebook-settings-${tag}`);
    // The empty state: a new form without the card.
    await page.evaluate(() => sessionStorage.clear());
    const fresh = await ctx.newPage();
    await fresh.goto(`${base}${locale}/free-ai-create-character`);
    await fresh
      .locator('input[type=file]#cc-avatar')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await fresh.locator('#cc-name').fill(locale ? 'ليلى' : 'Luna');
    await fresh.locator('form button[type=submit]').click();
    await fresh.locator('#cc-desc').fill('A barista who writes poems.');
    await fresh.locator('form button[type=submit]').click();
    await fresh.locator('#cc-firstMessage').fill('Oh, you are here!');
    await fresh.locator('form button[type=submit]').click();
    await fresh.waitForTimeout(300);
    await shot(fresh, `lorebook-empty-${tag}`);
  },
);
