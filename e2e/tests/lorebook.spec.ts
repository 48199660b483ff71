import zlib from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { ns, text } from './texts';

/*
 * Issue 21, item 2: a character's lorebook through the site. A SillyTavern-style V2 PNG card with
 * a book is imported in the create form (its fields and entries shown), one entry's keywords and
 * content are edited through the edit form, and a chat on the demo engine shows "Remembered: …"
 * under the reply that the entry shaped. In English and Arabic, on a phone and a laptop.
 */

// ---- a PNG card as SillyTavern writes one: the picture, and the V2 card in a `chara` tEXt chunk ----

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 240x320 picture: a dusk gradient, row by row. */
function picture(): Buffer {
  const [w, h] = [240, 320];
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: Buffer[] = [];
  for (let y = 0; y < h; y += 1) {
    const row = Buffer.alloc(1 + w * 3);
    for (let x = 0; x < w; x += 1) row.set([40 + (y >> 2), 60 + (x >> 3), 140], 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngCard(card: object): Buffer {
  const png = picture();
  const iend = png.length - 12;
  const chara = chunk(
    'tEXt',
    Buffer.from(`chara\0${Buffer.from(JSON.stringify(card)).toString('base64')}`, 'latin1'),
  );
  return Buffer.concat([png.subarray(0, iend), chara, png.subarray(iend)]);
}

/** The V2 card in a PNG (the export's `chara` chunk). */
interface ExportedCard {
  data: { character_book: { entries: Record<string, unknown>[] } };
}

function readChara(png: Buffer): ExportedCard {
  for (let at = 8; at + 12 <= png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    if (type === 'tEXt' && data.toString('latin1').startsWith('chara\0'))
      return JSON.parse(
        Buffer.from(data.toString('latin1').slice(6), 'base64').toString('utf8'),
      ) as ExportedCard;
    at += 12 + length;
  }
  throw new Error('no chara chunk');
}

/** A SillyTavern V2 export: the V1 copy at the top, the book with ids and ST's extensions. */
function stCard(name: string) {
  const st = (id: number, over: object) => ({
    id,
    keys: [] as string[],
    secondary_keys: [] as string[],
    comment: '',
    content: '',
    constant: false,
    selective: false,
    insertion_order: 100 + id,
    enabled: true,
    position: 'before_char',
    use_regex: true,
    extensions: {
      position: 0,
      exclude_recursion: false,
      display_index: id,
      probability: 100,
      useProbability: true,
      depth: 4,
      selectiveLogic: 0,
      group: '',
      case_sensitive: null,
      match_whole_words: null,
    },
    ...over,
  });
  const data = {
    name,
    description: 'A keeper of the old lighthouse at Saltmere, who knows every wreck on the coast.',
    personality: 'Quiet, patient, dry humour.',
    scenario: 'A storm night at the lighthouse.',
    first_mes: '*She sets down the lamp.* Another storm, another visitor. Sit by the fire.',
    mes_example: '',
    creator_notes: 'Made for the lorebook test.',
    system_prompt: '',
    post_history_instructions: '',
    alternate_greetings: [],
    tags: ['Fantasy'],
    creator: 'e2e',
    character_version: '1.0',
    extensions: { talkativeness: '0.5', fav: false, world: 'Saltmere' },
    character_book: {
      name: 'Saltmere',
      // Only the new message is scanned: each reply says what that message called up.
      scan_depth: 1,
      token_budget: 1024,
      recursive_scanning: false,
      extensions: {},
      entries: [
        st(0, {
          keys: ['lighthouse', 'beacon'],
          comment: 'The green flame',
          content: 'The lighthouse of Saltmere burns a green flame that no storm has ever put out.',
        }),
        st(1, {
          keys: ['Captain Rook'],
          comment: 'Captain Rook',
          content: 'Captain Rook owes the keeper a debt from the winter of the wreck.',
        }),
      ],
    },
  };
  return {
    name,
    description: data.description,
    personality: data.personality,
    scenario: data.scenario,
    first_mes: data.first_mes,
    mes_example: '',
    spec: 'chara_card_v2',
    spec_version: '2.0',
    data,
  };
}

const submit = (page: Page) => page.locator('form button[type="submit"]');
const entries = (page: Page) => page.getByTestId('lore-entry');
const entryNamed = (page: Page, name: string) =>
  entries(page).filter({ has: page.locator('bdi', { hasText: name }) });

for (const locale of ['en', 'ar'] as const) {
  for (const width of [390, 1280]) {
    test(`lorebook: import a card's book, edit an entry, and the chat remembers it (${locale}, ${width} px)`, async ({
      page,
    }) => {
      // Three pages, two saves and two replies beside another worker.
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
      const prefix = locale === 'en' ? '' : `/${locale}`;
      const create = ns(locale, 'create');
      const chat = ns(locale, 'chat');
      const name = `Ilse ${locale} ${width} ${Date.now().toString(36)}`;
      const card = stCard(name);

      // (a) The card fills the form, and its book's entries show in the Lorebook step.
      await page.goto(`${prefix}/free-ai-create-character`);
      await expect(page.getByTestId('credits-balance')).toHaveText(/\d/);
      await page.locator('#cc-card').setInputFiles({
        name: 'ilse.png',
        mimeType: 'image/png',
        buffer: pngCard(card),
      });
      await expect(page.locator('#cc-name')).toHaveValue(name);
      await submit(page).click();
      await expect(page.locator('#cc-desc')).toHaveValue(card.data.description);
      await expect(page.locator('#cc-personality')).toHaveValue(card.data.personality);
      await submit(page).click();
      await expect(page.locator('#cc-firstMessage')).toHaveValue(card.data.first_mes);
      await submit(page).click();
      await expect(page.locator('h2', { hasText: text(create, 'steps.lorebook') })).toBeAttached();
      await expect(entries(page)).toHaveCount(2);
      await expect(entryNamed(page, 'The green flame')).toContainText('beacon');
      await expect(entryNamed(page, 'Captain Rook')).toBeVisible();
      const created = page.waitForResponse((r) => r.url().includes('/cgi-bin/auth/character/create'));
      await submit(page).click();
      await page.getByTestId('publish-confirm').click();
      const made = (await (await created).json()) as { code: number; data: { id: number } };
      expect(made.code).toBe(0);
      await expect(page).toHaveURL(/\/my-Characters-list/);

      // (b) Through the edit form: the green flame's keywords and content change.
      const tile = page.locator(`[data-character-id="${made.data.id}"]`);
      await tile.locator('button[aria-haspopup="menu"]').click();
      await page.getByRole('menuitem', { name: text(ns(locale, 'characters'), 'owner.edit') }).click();
      await expect(page).toHaveURL(/type=edit/);
      await page.getByTestId('step-lorebook').click();
      const flame = entryNamed(page, 'The green flame');
      await expect(flame).toBeVisible();
      await flame.locator('button[aria-expanded]').click();
      const keywords = flame.getByRole('textbox', {
        name: text(create, 'lorebook.fields.keys.label'),
        exact: true,
      });
      const removeKey = (key: string) =>
        flame.getByRole('button', {
          name: text(create, 'lorebook.fields.keys.remove').replace('{{key}}', key),
        });
      await removeKey('lighthouse').click();
      await removeKey('beacon').click();
      await keywords.fill('lamp room');
      await keywords.press('Enter');
      await keywords.fill('signal fire,');
      await expect(removeKey('signal fire')).toBeVisible();
      const content = flame.getByRole('textbox', { name: text(create, 'lorebook.fields.content.label') });
      await content.fill('The lamp room of Saltmere now burns blue, since the keeper changed the oil.');
      await expect(flame.getByTestId('lore-tokens')).toContainText(/\d/);
      const modified = page.waitForResponse((r) => r.url().includes('/cgi-bin/auth/character/modify'));
      await submit(page).click();
      await page.getByTestId('publish-confirm').click();
      expect(((await (await modified).json()) as { code: number }).code).toBe(0);
      await expect(page).toHaveURL(/\/my-Characters-list/);

      // What the form had no field for came back on export: ST's ids and extensions, the book's own.
      const exported = readChara(
        await (await page.request.get(`/cgi-bin/auth/character/card?id=${made.data.id}`)).body(),
      ).data.character_book;
      expect(exported.entries[0]).toMatchObject({
        id: 0,
        use_regex: true,
        keys: ['lamp room', 'signal fire'],
        extensions: card.data.character_book.entries[0]!.extensions,
      });
      expect(exported.entries[1]).toEqual(card.data.character_book.entries[1]);
      expect(exported).toMatchObject({ name: 'Saltmere', scan_depth: 1, token_budget: 1024 });

      // (c) The chat: the old keyword calls nothing up any more, the new one does.
      await page.goto(`${prefix}/free-ai-Characters-chat/${made.data.id}`);
      const replies = page.locator('[data-testid="chat-message"][data-role="assistant"]');
      await expect(replies).toHaveCount(1);
      const say = async (message: string) => {
        const count = await replies.count();
        await page.getByTestId('chat-input').fill(message);
        await page.getByTestId('chat-send').click();
        await expect(replies).toHaveCount(count + 1);
        const reply = replies.nth(count);
        // Done streaming: what it remembered comes with the finished message.
        await expect(page.getByTestId('chat-stop')).toBeHidden({ timeout: 20_000 });
        await expect(reply).not.toHaveAttribute('aria-busy', 'true');
        return reply;
      };
      const remembered = (list: string) => text(chat, 'message.remembered').replace('{{list}}', list);
      const first = await say('Is the lighthouse lit tonight?');
      await expect(first.getByTestId('message-text')).not.toBeEmpty();
      await expect(first.getByTestId('message-lore')).toHaveCount(0);
      const second = await say('The lamp room is cold tonight.');
      await expect(second.getByTestId('message-lore')).toHaveText(remembered('\u2068The green flame\u2069'));
      const third = await say('Has Captain Rook come back?');
      await expect(third.getByTestId('message-lore')).toHaveText(remembered('\u2068Captain Rook\u2069'));
    });
  }
}
