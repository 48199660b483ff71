import {
  ErrorCode,
  LOREBOOK_DEFAULT_SCAN_DEPTH,
  LOREBOOK_LIMITS,
  readPngCard,
  type CharacterBookAnswer,
  type CharacterDetail,
  type ChatMessageDto,
} from '@lumi/contract';
import { describe, expect, it } from 'vitest';
import {
  callAs,
  makeCharacter,
  messagesFile,
  postMultipart,
  systemRecordingEngine,
  useCharacter,
  useTestApp,
  useTourists,
  type Envelope,
} from '../../../test/helpers';
import { DEFAULT_SCAN_DEPTH } from '../chat/lorebook';

const en = messagesFile('en');
const fr = messagesFile('fr');
const invalid = (field: string, messages = en) => messages.invalid_field.replace('{{field}}', field);

/** A SillyTavern-shaped book: ids, null settings and extensions the form has no field for. */
const stBook = () => ({
  name: 'Harbour lore',
  scan_depth: 3,
  token_budget: 900,
  recursive_scanning: false,
  extensions: { world: 'Saltmere' },
  entries: [
    {
      id: 0,
      keys: ['lighthouse'],
      secondary_keys: [],
      comment: 'The lighthouse',
      content: 'The lighthouse of Saltmere has burned a green flame for two hundred years.',
      constant: false,
      selective: false,
      insertion_order: 10,
      enabled: true,
      position: 'before_char',
      use_regex: true,
      extensions: { position: 0, depth: 4, probability: 100, match_whole_words: null, display_index: 0 },
    },
    {
      id: 1,
      keys: ['Captain Rook'],
      comment: 'Captain Rook',
      content: 'Captain Rook owes the keeper a debt from the winter of the wreck.',
      insertion_order: 20,
      enabled: true,
      extensions: { display_index: 1, group: 'people' },
    },
  ],
});

/**
 * Issue 21, item 2: the lorebook the form's step edits goes through character/modify (and create)
 * as `character_book`: stored with every key it carries, held to LOREBOOK_LIMITS (the translated
 * 100001, never a 500), changed by its owner only, read back by character/book, exported, and
 * used by the next reply's prompt.
 */
describe('a lorebook edited through the form calls', () => {
  const { engine, systems } = systemRecordingEngine(() => 'Aye.');
  // Public characters are listed at once here, so another user can read a public one's book.
  const t = useTestApp({ chatEngine: engine, env: { CHARACTER_AUTO_APPROVE: 'true' } });
  const { owner, other } = useTourists(t, 'owner', 'other');
  const character = useCharacter(t, owner, { character_book: JSON.stringify(stBook()) });

  const modify = (who: { cookie: string }, fields: Record<string, string>, headers = {}) =>
    postMultipart(
      t.app,
      '/cgi-bin/auth/character/modify',
      who.cookie,
      { id: String(character.id), ...fields },
      headers,
    );
  const bookOf = async (who = owner, id = character.id) =>
    (await callAs(t.app, 'GET', `/cgi-bin/auth/character/book?id=${id}`, who.cookie)).json<
      Envelope<CharacterBookAnswer>
    >();
  const say = async (content: string) => {
    const res = await callAs(t.app, 'POST', '/cgi-bin/auth/aigc/text', owner.cookie, {
      characterId: character.id,
      content,
    });
    const env = res.json<Envelope<{ message: ChatMessageDto }>>();
    expect(env.code, env.message).toBe(0);
    return { lore: env.data.message.lore, system: systems.at(-1) ?? '' };
  };

  it('creates with the book and reads it back with every key it carried', async () => {
    const got = await bookOf();
    expect(got.code).toBe(0);
    expect(got.data.character_book).toEqual(stBook());
    // The form's default scan depth is the chat's.
    expect(LOREBOOK_DEFAULT_SCAN_DEPTH).toBe(DEFAULT_SCAN_DEPTH);
  });

  it('stores an edited book, keeps what the form has no field for, exports it and chats with it', async () => {
    const before = await say('Is the lighthouse lit tonight?');
    expect(before.lore).toEqual(['The lighthouse']);
    expect(before.system).toContain('green flame');

    // As the step sends it: the first entry's keys and content changed, the second switched off,
    // a new one added; the ids, extensions and book settings as they came.
    const edited = stBook();
    edited.entries[0] = {
      ...edited.entries[0]!,
      keys: ['beacon', 'lamp room'],
      content: 'The beacon of Saltmere now burns blue, since the keeper changed the oil.',
    };
    edited.entries[1] = { ...edited.entries[1]!, enabled: false };
    const added = {
      keys: ['storm'],
      secondary_keys: ['ship', 'wreck'],
      selective: true,
      comment: 'Storm warnings',
      content: 'When a storm comes, the keeper rings the bell three times.',
      enabled: true,
      insertion_order: 30,
      position: 'after_char' as const,
      case_sensitive: false,
      constant: false,
      extensions: { selectiveLogic: 0, match_whole_words: true },
    };
    const res = await modify(owner, {
      scenario: 'A storm night.',
      character_book: JSON.stringify({ ...edited, entries: [...edited.entries, added] }),
    });
    expect(res.json<Envelope>().code, res.json<Envelope>().message).toBe(0);

    const stored = (await bookOf()).data.character_book;
    expect(stored?.entries).toHaveLength(3);
    expect(stored?.entries[0]).toMatchObject({ id: 0, use_regex: true, keys: ['beacon', 'lamp room'] });
    expect(stored?.entries[0]?.extensions).toEqual(stBook().entries[0]?.extensions);
    expect(stored).toMatchObject({ name: 'Harbour lore', extensions: { world: 'Saltmere' }, scan_depth: 3 });

    const card = await t.app.inject({
      method: 'GET',
      url: `/cgi-bin/auth/character/card?id=${character.id}`,
      headers: { cookie: owner.cookie },
    });
    const exported = readPngCard(card.rawPayload).data.character_book;
    expect(exported).toEqual(stored);

    // The old key calls nothing up any more; the new ones do, the disabled entry never.
    const old = await say('Is the lighthouse lit tonight? Captain Rook asks.');
    expect(old.lore).toEqual([]);
    expect(old.system).not.toContain('green flame');
    expect(old.system).not.toContain('owes the keeper');
    const asked = await say('The lamp room is cold. A storm is coming and a ship is out there.');
    expect(asked.lore).toEqual(['The lighthouse', 'Storm warnings']);
    expect(asked.system).toContain('burns blue');
    // after_char: after the character's definition.
    expect(asked.system.indexOf('rings the bell')).toBeGreaterThan(asked.system.indexOf('About Mira'));
  });

  it('holds the book to its limits with the translated 100001, and keeps the stored one', async () => {
    const stored = (await bookOf()).data.character_book;
    const entry = { keys: ['k'], content: 'c', enabled: true, insertion_order: 0, extensions: {} };
    const cases: [string, unknown, string][] = [
      [
        'too many entries',
        { entries: Array.from({ length: LOREBOOK_LIMITS.entries + 1 }, () => entry), extensions: {} },
        'character_book.entries',
      ],
      [
        'content too long',
        { entries: [{ ...entry, content: 'x'.repeat(LOREBOOK_LIMITS.content + 1) }], extensions: {} },
        'character_book.entries.0.content',
      ],
      [
        'too many keys',
        {
          entries: [{ ...entry, keys: Array.from({ length: LOREBOOK_LIMITS.keys + 1 }, (_, i) => `k${i}`) }],
          extensions: {},
        },
        'character_book.entries.0.keys',
      ],
      [
        'too many secondary keys',
        {
          entries: [
            entry,
            { ...entry, secondary_keys: Array.from({ length: LOREBOOK_LIMITS.keys + 1 }, (_, i) => `s${i}`) },
          ],
        },
        'character_book.entries.1.secondary_keys',
      ],
      [
        'a key too long',
        { entries: [{ ...entry, keys: ['k'.repeat(LOREBOOK_LIMITS.keyLength + 1)] }] },
        'character_book.entries.0.keys.0',
      ],
      ['a scan depth out of range', { entries: [entry], scan_depth: -1 }, 'character_book.scan_depth'],
      [
        'a position the prompt has not',
        { entries: [{ ...entry, position: 'top' }] },
        'character_book.entries.0.position',
      ],
      ['keys that are not a list', { entries: [{ ...entry, keys: 'k' }] }, 'character_book.entries.0.keys'],
      [
        'a book over its size in what it carries along',
        { entries: [{ ...entry, extensions: { blob: 'x'.repeat(LOREBOOK_LIMITS.bytes) } }] },
        'character_book',
      ],
      ['not JSON', '{"entries": [', 'character_book'],
      ['not a book', '[1, 2]', 'character_book'],
    ];
    for (const [what, book, field] of cases) {
      const res = await modify(owner, {
        character_book: typeof book === 'string' ? book : JSON.stringify(book),
      });
      expect(res.statusCode, what).toBe(200);
      expect(res.json<Envelope>(), what).toMatchObject({
        code: ErrorCode.INVALID_INPUT,
        message: invalid(field),
      });
    }
    // In the caller's language.
    const french = await modify(
      owner,
      {
        character_book: JSON.stringify({
          entries: [{ ...entry, content: 'x'.repeat(LOREBOOK_LIMITS.content + 1) }],
        }),
      },
      { 'x-locale': 'fr' },
    );
    expect(french.json<Envelope>().message).toBe(invalid('character_book.entries.0.content', fr));
    // Far over: the parser's cap, a 413 envelope.
    const huge = await modify(owner, { character_book: 'x'.repeat(2 * LOREBOOK_LIMITS.bytes + 1) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json<Envelope>().code).toBe(ErrorCode.PAYLOAD_TOO_LARGE);
    // A JSON body is held to the same rules.
    const json = await callAs(t.app, 'POST', '/cgi-bin/auth/character/modify', owner.cookie, {
      id: character.id,
      character_book: { entries: Array.from({ length: LOREBOOK_LIMITS.entries + 1 }, () => entry) },
    });
    expect(json.json<Envelope>()).toMatchObject({
      code: ErrorCode.INVALID_INPUT,
      message: invalid('character_book.entries'),
    });
    // Up to the limits it is taken.
    const full = {
      entries: Array.from({ length: 3 }, () => ({
        ...entry,
        keys: Array.from({ length: LOREBOOK_LIMITS.keys }, (_, i) => `k${i}`),
        content: 'y'.repeat(LOREBOOK_LIMITS.content),
      })),
    };
    const fits = await postMultipart(t.app, '/cgi-bin/auth/character/create', owner.cookie, {
      clone_from: String(character.id),
      character_book: JSON.stringify(full),
    });
    expect(fits.json<Envelope>().code, fits.json<Envelope>().message).toBe(0);
    expect((await bookOf()).data.character_book).toEqual(stored);
  });

  it('holds a card file’s book to the same limits', async () => {
    const entry = { keys: ['k'], content: 'c' };
    const card = {
      spec: 'chara_card_v2',
      spec_version: '2.0',
      data: {
        name: 'Big book',
        description: 'Too much lore.',
        first_mes: 'Hello.',
        character_book: { entries: Array.from({ length: LOREBOOK_LIMITS.entries + 1 }, () => entry) },
      },
    };
    const res = await postMultipart(t.app, '/cgi-bin/auth/character/modify', owner.cookie, {
      id: String(character.id),
      card: {
        filename: 'big.json',
        contentType: 'application/json',
        data: Buffer.from(JSON.stringify(card)),
      },
    });
    expect(res.json<Envelope>()).toMatchObject({
      code: ErrorCode.INVALID_INPUT,
      message: invalid('card.character_book.entries'),
    });
    // With the form's own book, the form's wins over the card's.
    card.data.character_book.entries = [entry];
    const mine = { entries: [{ keys: ['tide'], content: 'The tide turns at midnight.', comment: 'Tides' }] };
    const both = await postMultipart(t.app, '/cgi-bin/auth/character/create', owner.cookie, {
      card: {
        filename: 'small.json',
        contentType: 'application/json',
        data: Buffer.from(JSON.stringify(card)),
      },
      head: undefined,
      clone_from: String(character.id),
      character_book: JSON.stringify(mine),
    });
    const made = both.json<Envelope<CharacterDetail>>();
    expect(made.code, made.message).toBe(0);
    expect((await bookOf(owner, made.data.id)).data.character_book).toEqual(mine);
  });

  it('removes the book with null, keeps it when the field is left out', async () => {
    const copy = await postMultipart(t.app, '/cgi-bin/auth/character/create', owner.cookie, {
      clone_from: String(character.id),
    });
    const id = copy.json<Envelope<CharacterDetail>>().data.id;
    const kept = (await bookOf(owner, id)).data.character_book;
    expect(kept?.entries.length).toBeGreaterThan(0);
    const edit = (fields: Record<string, string>) =>
      postMultipart(t.app, '/cgi-bin/auth/character/modify', owner.cookie, { id: String(id), ...fields });
    expect((await edit({ scenario: 'Calm seas.' })).json<Envelope>().code).toBe(0);
    expect((await bookOf(owner, id)).data.character_book).toEqual(kept);
    expect((await edit({ character_book: 'null' })).json<Envelope>().code).toBe(0);
    expect((await bookOf(owner, id)).data.character_book).toBeNull();
  });

  it('lets only the owner change the book; others read it only where they could export it', async () => {
    const stored = (await bookOf()).data.character_book;
    const theirs = { entries: [{ keys: ['x'], content: 'Taken over.' }] };
    // Private: to anyone else it does not exist.
    expect((await bookOf(other)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await modify(other, { character_book: JSON.stringify(theirs) })).json<Envelope>().code).toBe(
      ErrorCode.NOT_FOUND,
    );
    // Public and listed: readable, as its card is, and still the owner's to change.
    expect((await modify(owner, { visibility: 'public' })).json<Envelope>().code).toBe(0);
    expect((await bookOf(other)).data.character_book).toEqual(stored);
    expect((await modify(other, { character_book: JSON.stringify(theirs) })).json<Envelope>().code).toBe(
      ErrorCode.FORBIDDEN,
    );
    expect((await bookOf()).data.character_book).toEqual(stored);
    // A character with no book answers null; one that does not exist, not found.
    const plain = await makeCharacter(t, owner);
    expect((await bookOf(owner, plain.id)).data).toEqual({ character_book: null });
    expect((await bookOf(owner, 999_999)).code).toBe(ErrorCode.NOT_FOUND);
  });
});
