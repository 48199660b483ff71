import { ErrorCode, writePngCard, type CharacterDetail } from '@lumi/contract';
import { OfflineFloor } from '@lumi/engines';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { characters, users } from '../../db/schema';
import { fakeClassifier, flatPng, SCARLET, TEAL } from '../../../test/fake-moderation';
import { storedUnder } from '../../../test/files';
import {
  createTestApp,
  loginTourist,
  messagesFile,
  postMultipart,
  type Envelope,
  type FilePart,
  type TestApp,
} from '../../../test/helpers';

const en = messagesFile('en');
/** content_minor before its `{{term}}`: "Characters must be adults..." (the quote is the engine's). */
const minorLead = (locale: 'en' | 'fr' = 'en') => messagesFile(locale).content_minor.split('{{')[0]!;

const png = (data: Buffer | Uint8Array, filename = 'avatar.png'): FilePart => ({
  filename,
  contentType: 'image/png',
  data,
});

/** A text that sexualises a minor, in English (the floor's first language). */
const BAD = 'She is 15 years old and gets naked for you.';

/**
 * The same in other languages of the site. The offline floor becomes multilingual in issue 18;
 * these run as soon as it refuses the first of them (until then the English cases stand alone).
 */
const BAD_ELSEWHERE: [string, string][] = [
  ['fr', 'Elle a 15 ans et se déshabille pour toi.'],
  ['es', 'Tiene 14 años y se desnuda para ti.'],
  ['zh', '她只有十四岁，脱光了衣服。'],
  ['ja', '彼女は14歳の中学生で、裸になる。'],
  ['ru', 'Ей 15 лет, и она раздевается перед тобой.'],
  ['ar', 'عمرها ١٤ سنة وتخلع ملابسها أمامك.'],
];
const floorIsMultilingual =
  new OfflineFloor().screen(BAD_ELSEWHERE[0]![1], { adult: false, surface: 'character' }).verdict ===
  'refuse';

describe('moderation of characters: fields, cards and avatars', () => {
  let t: TestApp;
  let me: { cookie: string; uid: string };
  let clean: Buffer;
  let explicit: Buffer;
  beforeAll(async () => {
    t = await createTestApp({ moderation: { image: fakeClassifier() } });
    me = await loginTourist(t.app);
    await t.database.db.update(users).set({ enableNsfw: true }).where(eq(users.id, me.uid));
    t.app.services.sessions.forgetUser(me.uid);
    clean = await flatPng(TEAL, 400, 500);
    explicit = await flatPng(SCARLET, 400, 500);
  });
  afterAll(() => t.close());

  const send = async (
    fields: Record<string, string | FilePart | undefined>,
    url = '/auth/character/create',
    headers: Record<string, string> = {},
  ) => {
    const res = await postMultipart(t.app, `/cgi-bin${url}`, me.cookie, fields, headers);
    expect(res.statusCode).toBe(200);
    return res.json<Envelope<CharacterDetail>>();
  };
  const valid = (over: Record<string, string | FilePart | undefined> = {}) => ({
    head: png(clean),
    name: 'Mira Solano',
    desc: 'A 29-year-old lighthouse keeper who collects stories from passing ships.',
    personality: 'Warm, curious, dry humour.',
    first_message: 'Another storm, another visitor. Tea?',
    visibility: 'private',
    ...over,
  });
  const characterCount = async () =>
    Number((await t.database.db.select({ n: count() }).from(characters))[0]?.n ?? NaN);

  it('refuses a minor sexualised in any field, saying characters must be adults, storing nothing', async () => {
    const before = await characterCount();
    const avatars = storedUnder(t.dataDir, 'files/avatars/');
    const fields: Record<string, string>[] = [
      { name: 'Loli Mira' },
      { desc: BAD },
      { personality: BAD },
      { first_message: BAD },
      { alternate_greetings: JSON.stringify(['Hello!', BAD]) },
      { scenario: BAD },
      { example_dialogue: `<START>\n{{char}}: ${BAD}` },
      { system_prompt: BAD },
      { post_history_instructions: BAD },
      { creator_notes: BAD },
      { tag: 'Romance, loli' },
    ];
    for (const over of fields) {
      const res = await send(valid(over));
      expect(res.code, JSON.stringify(over)).toBe(ErrorCode.CONTENT_POLICY);
      expect(res.message.startsWith(minorLead())).toBe(true);
    }
    const fr = await send(valid({ desc: BAD }), '/auth/character/create', { 'x-locale': 'fr' });
    expect(fr.message.startsWith(minorLead('fr'))).toBe(true);
    expect(await characterCount()).toBe(before);
    expect(storedUnder(t.dataDir, 'files/avatars/')).toEqual(avatars);
  });

  it('refuses it on modify and clone too, leaving the character as it was', async () => {
    const made = await send(valid());
    expect(made.code).toBe(0);
    const modified = await send({ id: String(made.data.id), scenario: BAD }, '/auth/character/modify');
    expect(modified.code).toBe(ErrorCode.CONTENT_POLICY);
    const [row] = await t.database.db.select().from(characters).where(eq(characters.id, made.data.id));
    expect(row?.scenario).toBe('');
    const cloned = await send({ clone_from: String(made.data.id), personality: BAD });
    expect(cloned.code).toBe(ErrorCode.CONTENT_POLICY);
  });

  it('reads every text of an imported card, its character book included', async () => {
    const card = (data: Record<string, unknown>) => ({
      spec: 'chara_card_v2',
      spec_version: '2.0',
      data: {
        name: 'Card Corvina',
        description: 'A ship’s navigator in her thirties.',
        personality: 'Calm.',
        first_mes: 'The stars are out.',
        ...data,
      },
    });
    const json = (data: Record<string, unknown>) => png(Buffer.from(JSON.stringify(card(data))), 'card.json');
    const book = (content: string, keys = ['harbour']) => ({
      entries: [{ keys, content, extensions: {}, enabled: true, insertion_order: 0 }],
      extensions: {},
    });
    for (const data of [
      { character_book: book(BAD) },
      { character_book: book('The old harbour.', ['loli']) },
      { mes_example: BAD },
      { alternate_greetings: [BAD] },
      { tags: ['loli'] },
    ]) {
      const res = await send({ head: png(clean), card: json(data) });
      expect(res.code, JSON.stringify(data)).toBe(ErrorCode.CONTENT_POLICY);
      expect(res.message.startsWith(minorLead())).toBe(true);
    }
    // A PNG card is read the same way (and its picture is the avatar).
    const pngCard = writePngCard(clean, {
      spec: 'v2',
      data: card({ character_book: book(BAD) }).data as never,
      extra: {},
    });
    expect((await send({ card: png(pngCard, 'card.png') })).code).toBe(ErrorCode.CONTENT_POLICY);
    // A clean card with a book goes through.
    expect(
      (await send({ head: png(clean), card: json({ character_book: book('The old harbour.') }) })).code,
    ).toBe(0);
  });

  it.runIf(floorIsMultilingual).each(BAD_ELSEWHERE)('refuses it in %s', async (_locale, text) => {
    const res = await send(valid({ desc: text }));
    expect(res.code).toBe(ErrorCode.CONTENT_POLICY);
  });

  it('refuses an explicit avatar on a character not marked adult, and takes it on an adult one', async () => {
    const before = storedUnder(t.dataDir, 'files/avatars/');
    const refused = await send(valid({ head: png(explicit) }));
    expect(refused).toMatchObject({ code: ErrorCode.CONTENT_POLICY, message: en.image_explicit });
    expect(storedUnder(t.dataDir, 'files/avatars/')).toEqual(before);
    // The same picture as a PNG card's avatar.
    const card = writePngCard(explicit, {
      spec: 'v2',
      data: {
        name: 'Card Corvina',
        description: 'A ship’s navigator in her thirties.',
        personality: 'Calm.',
        first_mes: 'The stars are out.',
      } as never,
      extra: {},
    });
    expect((await send({ card: png(card, 'card.png') })).message).toBe(en.image_explicit);

    const adult = await send(valid({ head: png(explicit), NSFW: '1' }));
    expect(adult.code).toBe(0);
    expect(adult.data.NSFW).toBe(true);

    // It stays adult while it shows that picture: not made all-ages, not copied as all-ages.
    const allAges = await send({ id: String(adult.data.id), NSFW: '0' }, '/auth/character/modify');
    expect(allAges).toMatchObject({ code: ErrorCode.CONTENT_POLICY, message: en.image_explicit });
    const copy = await send({ clone_from: String(adult.data.id), NSFW: '0' });
    expect(copy).toMatchObject({ code: ErrorCode.CONTENT_POLICY, message: en.image_explicit });
    // With a clean picture it can be.
    const fixed = await send(
      { id: String(adult.data.id), NSFW: '0', head: png(clean) },
      '/auth/character/modify',
    );
    expect(fixed.code).toBe(0);
    expect(fixed.data.NSFW).toBe(false);
  });
});
