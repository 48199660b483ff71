import {
  ErrorCode,
  readPngCard,
  writePngCard,
  type CharacterDetail,
  type CharacterPage,
  type CollectItem,
  type BrowseItem,
  type MessageKey,
} from '@lumi/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  envelopeCaller,
  envelopeOf,
  loginTourist,
  messagesFile,
  postMultipart,
  touristCode,
  useTestApp,
  useTourists,
  withTestApp,
  type Envelope,
  type FilePart,
} from '../../../test/helpers';
import { solidImage } from '../../../test/files';
import { users } from '../../db/schema';
import { sha256 } from '../../lib/hash';

const ADMIN_ID = '0f0f0f0f-0000-4000-8000-00000000a0a0';
const en = messagesFile('en');

async function image(format: 'png' | 'jpeg' | 'webp' | 'gif', width = 700, height = 900): Promise<Buffer> {
  const img = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 90 } } });
  return img.toFormat(format).toBuffer();
}
const file = (data: Buffer | Uint8Array, filename = 'avatar.png', contentType = 'image/png'): FilePart => ({
  filename,
  contentType,
  data,
});

describe('character community', () => {
  const t = useTestApp({ env: { ADMIN_UIDS: ADMIN_ID } });
  const call = envelopeCaller(t, '/cgi-bin');
  const { alice, bob } = useTourists(t, 'alice', 'bob');
  let admin: { cookie: string; uid: string };
  let avatar: Buffer;

  beforeAll(async () => {
    const code = touristCode();
    await t.database.db
      .insert(users)
      .values({ id: ADMIN_ID, type: 0, touristCodeHash: sha256(`tourist:${code}`) });
    admin = await loginTourist(t.app, code);
    avatar = await image('png');
  });

  async function create(
    who: { cookie: string },
    fields: Record<string, string | FilePart | undefined>,
    url = '/auth/character/create',
    headers: Record<string, string> = {},
  ): Promise<Envelope<CharacterDetail>> {
    return envelopeOf(await postMultipart(t.app, `/cgi-bin${url}`, who.cookie, fields, headers));
  }

  const valid = (over: Record<string, string | FilePart | undefined> = {}) => ({
    head: file(avatar),
    name: 'Mira Solano',
    desc: 'A 29-year-old lighthouse keeper who collects stories from passing ships.',
    personality: 'Warm, curious, dry sense of humour.',
    first_message: '*She looks up from her logbook.* Another storm, another visitor. Tea?',
    scenario: '{{user}} shelters from a storm in the lighthouse.',
    gender: 'Female',
    category: 'realistic',
    visibility: 'public',
    tag: 'Romantic, Wholesome',
    ...over,
  });

  async function createOk(who: { cookie: string }, over: Record<string, string | FilePart | undefined> = {}) {
    const res = await create(who, valid(over));
    expect(res.code, res.message).toBe(0);
    return res.data;
  }

  async function setNsfw(uid: string, on: boolean) {
    await t.database.db.update(users).set({ enableNsfw: on }).where(eq(users.id, uid));
    // What the profile update will do: the user's cached sessions are read again.
    t.app.services.sessions.forgetUser(uid);
  }

  const listIds = (page: CharacterPage<{ id: number }>) => page.characters.map((c) => c.id);

  describe('create form', () => {
    const cases: [string, Record<string, string | FilePart | undefined>, MessageKey][] = [
      ['avatar', { head: undefined }, 'character_avatar_required'],
      ['name', { name: '  ' }, 'character_name_required'],
      ['description', { desc: '' }, 'character_desc_required'],
      ['first message', { first_message: '' }, 'character_greeting_required'],
    ];
    it.each(cases)('names the missing %s', async (_, over, key) => {
      const res = await create(alice, valid(over));
      expect(res.code).toBe(ErrorCode.INVALID_INPUT);
      expect(res.message).toBe(en[key]);
    });

    it('takes a character without a personality, as many real cards are (issue 21)', async () => {
      const res = await create(alice, valid({ personality: undefined }));
      expect(res.code, res.message).toBe(0);
      expect(res.data.personality).toBe('');
    });

    it('answers in the caller’s language', async () => {
      const res = await create(alice, valid({ name: '' }), undefined, { 'x-locale': 'fr' });
      expect(res.message).toBe(messagesFile('fr').character_name_required);
    });

    it('checks the avatar by its content: JPG, PNG or WEBP only', async () => {
      const text = await create(alice, valid({ head: file(Buffer.from('not an image at all'), 'a.png') }));
      expect(text.message).toBe(en.image_format);
      const gif = await create(alice, valid({ head: file(await image('gif', 20, 20), 'a.png') }));
      expect(gif.message).toBe(en.image_format);
      for (const format of ['jpeg', 'webp'] as const) {
        const res = await create(
          alice,
          valid({ head: file(await image(format, 300, 300), 'a.bin', 'application/octet-stream') }),
        );
        expect(res.code, res.message).toBe(0);
      }
    });

    it('refuses images over 40 megapixels or 10 MB', async () => {
      const huge = await solidImage(8000, 5100, '#fff');
      const res = await create(alice, valid({ head: file(huge) }));
      expect(res.message).toMatch(/10 MB/);
      expect(res.message).toBe(en.image_too_large.replace('{{mb}}', '10').replace('{{mp}}', '40'));
      const heavy = Buffer.concat([avatar, Buffer.alloc(10 * 1024 * 1024)]);
      const big = await create(alice, valid({ head: file(heavy) }));
      expect(big.message).toBe(en.image_too_large.replace('{{mb}}', '10').replace('{{mp}}', '40'));
    });

    it('stores the avatar and a 402x402 webp list image', async () => {
      const c = await createOk(alice);
      expect(c).toMatchObject({ name: 'Mira Solano', is_owner: true, tag: 'Realistic,Romantic,Wholesome' });
      const list = await t.app.inject({ method: 'GET', url: c.listHead });
      expect(list.statusCode).toBe(200);
      const meta = await sharp(list.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 402, height: 402 });
      const head = await t.app.inject({ method: 'GET', url: c.head });
      expect((await sharp(head.rawPayload).metadata()).width).toBe(700);
    });

    it('refuses characters that sexualise minors, on create and modify', async () => {
      const res = await create(alice, valid({ desc: 'A shy loli who lives next door.' }));
      expect(res.code).toBe(ErrorCode.CONTENT_POLICY);
      expect(res.message).toContain('loli');
      await setNsfw(alice.uid, true);
      const adult = await create(alice, valid({ NSFW: '1', personality: 'A flirty schoolgirl.' }));
      expect(adult.code).toBe(ErrorCode.CONTENT_POLICY);
      const ok = await createOk(alice);
      const mod = await create(
        alice,
        { id: String(ok.id), scenario: 'She is 15 years old and undresses.' },
        '/auth/character/modify',
      );
      expect(mod.code).toBe(ErrorCode.CONTENT_POLICY);
      await setNsfw(alice.uid, false);
    });
  });

  describe('visibility and approval', () => {
    it('keeps a private character to its owner everywhere', async () => {
      const secret = await createOk(alice, { name: 'Zephyrine Quillfeather', visibility: 'private' });
      const mine = await call<CharacterDetail>('GET', `/auth/character/get?id=${secret.id}`, alice);
      expect(mine.code).toBe(0);
      const mineList = await call<CharacterPage>('GET', '/auth/character/my', alice);
      expect(listIds(mineList.data)).toContain(secret.id);

      const get = await call('GET', `/auth/character/get?id=${secret.id}`, bob);
      expect(get.code).toBe(ErrorCode.NOT_FOUND);
      for (const sort of ['dailyRandom', 'rating', 'new']) {
        const list = await call<CharacterPage>('GET', `/auth/character/list?sort=${sort}&page_size=50`, bob);
        expect(listIds(list.data)).not.toContain(secret.id);
      }
      const search = await call<CharacterPage>('GET', '/auth/character/list-search?query=Zephyrine', bob);
      expect(search.data.characters).toEqual([]);
      const like = await call('POST', '/auth/collect/add', bob, { characterId: secret.id });
      expect(like.code).toBe(ErrorCode.NOT_FOUND);
      const clone = await create(bob, { clone_from: String(secret.id) });
      expect(clone.code).toBe(ErrorCode.NOT_FOUND);
      const card = await t.app.inject({
        method: 'GET',
        url: `/cgi-bin/auth/character/card?id=${secret.id}`,
        headers: { cookie: bob.cookie },
      });
      expect(card.json<Envelope<null>>().code).toBe(ErrorCode.NOT_FOUND);
      const rate = await call('POST', '/auth/character/ratings', bob, { id: secret.id, rating: 5 });
      expect(rate.code).toBe(ErrorCode.NOT_FOUND);
      const mod = await create(bob, { id: String(secret.id), name: 'Mine now' }, '/auth/character/modify');
      expect(mod.code).toBe(ErrorCode.NOT_FOUND);
      const del = await call('POST', '/auth/character/delete', bob, { id: secret.id });
      expect(del.code).toBe(ErrorCode.NOT_FOUND);
      const still = await call<CharacterDetail>('GET', `/auth/character/get?id=${secret.id}`, alice);
      expect(still.data.name).toBe('Zephyrine Quillfeather');
    });

    it('lists public characters after an admin approves them', async () => {
      const c = await createOk(alice, { name: 'Pending Pilar' });
      expect(c.approval).toBe('pending');
      const before = await call<CharacterPage>('GET', '/auth/character/list?sort=new&page_size=50', bob);
      expect(listIds(before.data)).not.toContain(c.id);
      expect((await call('GET', `/auth/character/get?id=${c.id}`, bob)).code).toBe(ErrorCode.NOT_FOUND);

      expect((await call('GET', '/auth/character/approve-list', bob)).code).toBe(ErrorCode.FORBIDDEN);
      expect((await call('POST', '/admin/character/all', bob, {})).code).toBe(ErrorCode.FORBIDDEN);
      expect((await call('POST', '/admin/character/approve', bob, { id: c.id })).code).toBe(
        ErrorCode.FORBIDDEN,
      );

      const queue = await call<CharacterPage>('GET', '/auth/character/approve-list?page_size=50', admin);
      expect(queue.data.is_admin).toBe(true);
      expect(listIds(queue.data)).toContain(c.id);
      const approved = await call<{ approval: string }>('POST', '/admin/character/approve', admin, {
        id: c.id,
      });
      expect(approved.data.approval).toBe('approved');
      const after = await call<CharacterPage>('GET', '/auth/character/list?sort=new&page_size=50', bob);
      expect(listIds(after.data)).toContain(c.id);
      expect(after.data.is_admin).toBe(false);

      await call('POST', '/admin/character/approve', admin, { id: c.id, approval: 'rejected' });
      const hidden = await call<CharacterPage>('GET', '/auth/character/list?sort=new&page_size=50', bob);
      expect(listIds(hidden.data)).not.toContain(c.id);
      const all = await call<CharacterPage>('POST', '/admin/character/all', admin, { approval: 'rejected' });
      expect(listIds(all.data)).toContain(c.id);
      expect(all.data.total_count).toBeGreaterThanOrEqual(1);
    });

    it('only lets the owner edit or delete', async () => {
      const c = await approved(alice, { name: 'Owner Only' });
      const mod = await create(bob, { id: String(c.id), name: 'Hijacked' }, '/auth/character/modify');
      expect(mod.code).toBe(ErrorCode.FORBIDDEN);
      expect((await call('POST', '/auth/character/delete', bob, { id: c.id })).code).toBe(
        ErrorCode.FORBIDDEN,
      );
      const own = await create(
        alice,
        { id: String(c.id), name: 'Owner Renamed', tag: 'Drama' },
        '/auth/character/modify',
      );
      expect(own.code, own.message).toBe(0);
      expect(own.data).toMatchObject({ name: 'Owner Renamed', tag: 'Realistic,Drama', desc: c.desc });
    });
  });

  async function approved(who: { cookie: string }, over: Record<string, string | FilePart | undefined> = {}) {
    const c = await createOk(who, over);
    const res = await call<{ approval: string }>('POST', '/admin/character/approve', admin, { id: c.id });
    expect(res.code).toBe(0);
    return c;
  }

  describe('lists and search', () => {
    let ids: number[];
    beforeAll(async () => {
      ids = [];
      ids.push(
        (await approved(alice, { name: 'Kestrel Vane', gender: 'Male', tag: 'Fantasy, Dominant' })).id,
      );
      ids.push((await approved(alice, { name: 'Oriana Bellweather', tag: 'Fantasy' })).id);
      ids.push((await approved(bob, { name: 'Tobias Marchetti', gender: 'Male', tag: 'Mafia, Drama' })).id);
    });

    it('filters by gender and by tag (a relation, case-insensitive)', async () => {
      const male = await call<CharacterPage>('GET', '/auth/character/list?gender=Male&page_size=50', bob);
      expect(male.data.characters.every((c) => c.gender === 'Male')).toBe(true);
      expect(listIds(male.data)).toEqual(expect.arrayContaining([ids[0], ids[2]]));
      const fantasy = await call<CharacterPage>('GET', '/auth/character/list?tag=fantasy&page_size=50', bob);
      expect(listIds(fantasy.data).sort()).toEqual([ids[0], ids[1]].sort());
      const none = await call<CharacterPage>('GET', '/auth/character/list?tag=NoSuchTag', bob);
      expect(none.data).toMatchObject({ characters: [], has_more: false });
    });

    it('pages with has_more, and New answers total_count', async () => {
      const first = await call<CharacterPage>('GET', '/auth/character/list?sort=new&page=1&page_size=2', bob);
      expect(first.data.characters).toHaveLength(2);
      expect(first.data.has_more).toBe(true);
      const total = first.data.total_count ?? 0;
      expect(total).toBeGreaterThanOrEqual(3);
      const seen = new Set<number>();
      for (let page = 1; page <= Math.ceil(total / 2); page++) {
        const res = await call<CharacterPage>(
          'GET',
          `/auth/character/list?sort=new&page=${page}&page_size=2`,
          bob,
        );
        for (const id of listIds(res.data)) seen.add(id);
        expect(res.data.has_more).toBe(page < Math.ceil(total / 2));
      }
      expect(seen.size).toBe(total);
      const times = first.data.characters.map((c) => c.create_time);
      expect(times[0]).toBeGreaterThanOrEqual(times[1] ?? 0);
    });

    it('orders Hot the same way all day', async () => {
      await t.app.services.characters.refreshHotOrder();
      const a = await call<CharacterPage>('GET', '/auth/character/list?sort=dailyRandom&page_size=50', bob);
      const b = await call<CharacterPage>('GET', '/auth/character/list?page_size=50', alice);
      expect(listIds(a.data)).toEqual(listIds(b.data));
      expect(a.data.characters.length).toBeGreaterThanOrEqual(3);
    });

    it('rejects a bad page size with a message naming the field', async () => {
      const res = await call('GET', '/auth/character/list?page_size=500', bob);
      expect(res.code).toBe(ErrorCode.INVALID_INPUT);
      expect(res.message).toBe(en.invalid_field.replace('{{field}}', 'page_size'));
    });

    it('searches names, tags and descriptions, by prefix and with typos', async () => {
      const prefix = await call<CharacterPage>('GET', '/auth/character/list-search?query=Kestr', bob);
      expect(listIds(prefix.data)[0]).toBe(ids[0]);
      const typo = await call<CharacterPage>('GET', '/auth/character/list-search?query=Marcheti', bob);
      expect(listIds(typo.data)).toContain(ids[2]);
      const byTag = await call<CharacterPage>('GET', '/auth/character/list-search?query=mafia', bob);
      expect(listIds(byTag.data)).toContain(ids[2]);
      const byDesc = await call<CharacterPage>(
        'GET',
        '/auth/character/list-search?query=lighthouse%20keeper',
        bob,
      );
      expect(byDesc.data.characters.length).toBeGreaterThanOrEqual(3);
      for (const q of ['', '%20%20%20', '!!!']) {
        const empty = await call<CharacterPage>('GET', `/auth/character/list-search?query=${q}`, bob);
        expect(empty.code).toBe(0);
        expect(empty.data.characters).toEqual([]);
      }
      const odd = await call<CharacterPage>(
        'GET',
        `/auth/character/list-search?query=${encodeURIComponent("a' OR 1=1 --%_\\")}`,
        bob,
      );
      expect(odd.code).toBe(0);
    });
  });

  describe('adult characters', () => {
    it('blurs them in lists and needs enable_nsfw to open, clone, export or filter', async () => {
      await setNsfw(alice.uid, true);
      const c = await approved(alice, { name: 'Velvet Noor', NSFW: 'true', model: 'roleplay-1' });
      await setNsfw(alice.uid, false);
      const list = await call<CharacterPage>('GET', '/auth/character/list?sort=new&page_size=50', bob);
      expect(list.data.characters.find((x) => x.id === c.id)).toMatchObject({
        NSFW: true,
        need_enable_nsfw: true,
      });
      expect((await call('GET', `/auth/character/get?id=${c.id}`, bob)).code).toBe(ErrorCode.NSFW_REQUIRED);
      expect((await create(bob, { clone_from: String(c.id) })).code).toBe(ErrorCode.NSFW_REQUIRED);
      const card = await t.app.inject({
        method: 'GET',
        url: `/cgi-bin/auth/character/card?id=${c.id}`,
        headers: { cookie: bob.cookie },
      });
      expect(card.json<Envelope<null>>().code).toBe(ErrorCode.NSFW_REQUIRED);
      expect((await call('GET', '/auth/character/list?NSFW=1', bob)).code).toBe(ErrorCode.NSFW_REQUIRED);
      const own = await create(alice, { id: String(c.id), name: 'x' }, '/auth/character/modify');
      expect(own.code).toBe(ErrorCode.NSFW_REQUIRED);

      await setNsfw(bob.uid, true);
      const adultOnly = await call<CharacterPage>('GET', '/auth/character/list?NSFW=1&page_size=50', bob);
      expect(adultOnly.data.characters.every((x) => x.NSFW)).toBe(true);
      expect(listIds(adultOnly.data)).toContain(c.id);
      const got = await call<CharacterDetail>('GET', `/auth/character/get?id=${c.id}`, bob);
      expect(got.data).toMatchObject({ need_enable_nsfw: false, model: 'roleplay-1' });
      const safeOnly = await call<CharacterPage>('GET', '/auth/character/list?NSFW=0&page_size=50', bob);
      expect(safeOnly.data.characters.some((x) => x.NSFW)).toBe(false);
      await setNsfw(bob.uid, false);
    });
  });

  describe('clone', () => {
    it('makes a private copy owned by the caller and leaves the original alone', async () => {
      const original = await approved(alice, { name: 'Cloneable Cass' });
      const res = await create(bob, { clone_from: String(original.id), name: 'Cass, my version' });
      expect(res.code, res.message).toBe(0);
      expect(res.data).toMatchObject({
        name: 'Cass, my version',
        desc: original.desc,
        is_owner: true,
        cloned_from: original.id,
      });
      expect(res.data.id).not.toBe(original.id);
      const again = await call<CharacterDetail>('GET', `/auth/character/get?id=${original.id}`, alice);
      expect(again.data.name).toBe('Cloneable Cass');
    });
  });

  describe('ratings', () => {
    it('keeps one rating per user and an exact average, even when votes race', async () => {
      const c = await approved(alice, { name: 'Rated Rhea' });
      const bad = await call('POST', '/auth/character/ratings', bob, { id: c.id, rating: 6 });
      expect(bad.code).toBe(ErrorCode.INVALID_INPUT);
      expect((await call('POST', '/auth/character/ratings', bob, { id: c.id, rating: 0 })).code).toBe(
        ErrorCode.INVALID_INPUT,
      );
      await call('POST', '/auth/character/ratings', bob, { id: c.id, rating: 2 });
      const changed = await call<{ rating: number; rating_count: number }>(
        'POST',
        '/auth/character/ratings',
        bob,
        { id: c.id, rating: 4 },
      );
      expect(changed.data).toMatchObject({ rating: 4, rating_count: 1, my_rating: 4 });
      const voters = await Promise.all(Array.from({ length: 8 }, () => loginTourist(t.app)));
      await Promise.all(
        voters.map((v, i) => call('POST', '/auth/character/ratings', v, { id: c.id, rating: (i % 5) + 1 })),
      );
      const got = await call<CharacterDetail>('GET', `/auth/character/get?id=${c.id}`, bob);
      const stars = [4, ...voters.map((_, i) => (i % 5) + 1)];
      expect(got.data.rating_count).toBe(9);
      expect(got.data.rating).toBeCloseTo(Math.round((stars.reduce((a, b) => a + b) / 9) * 10) / 10, 5);
      expect(got.data.my_rating).toBe(4);
    });
  });

  describe('likes and recent chats', () => {
    it('likes, lists and unlikes, and keeps a deleted character with is_deleted', async () => {
      const c = await approved(alice, { name: 'Liked Lumen' });
      expect((await call('POST', '/auth/collect/add', bob, { characterId: c.id })).code).toBe(0);
      expect((await call('POST', '/auth/collect/add', bob, { characterId: c.id })).code).toBe(0);
      const got = await call<CharacterDetail>('GET', `/auth/character/get?id=${c.id}`, bob);
      expect(got.data.is_collected).toBe(true);
      let likes = await call<CharacterPage<CollectItem>>('GET', '/auth/collect/list', bob);
      expect(likes.data.characters.filter((x) => x.id === c.id)).toHaveLength(1);

      expect((await call('POST', '/auth/character/delete', alice, { id: c.id })).code).toBe(0);
      likes = await call<CharacterPage<CollectItem>>('GET', '/auth/collect/list', bob);
      expect(likes.data.characters.find((x) => x.id === c.id)).toMatchObject({
        is_deleted: true,
        name: 'Liked Lumen',
      });
      const gone = await call('GET', `/auth/character/get?id=${c.id}`, bob);
      expect(gone).toMatchObject({ code: ErrorCode.CHARACTER_DELETED, message: en.character_deleted });
      const list = await call<CharacterPage>('GET', '/auth/character/list?sort=new&page_size=50', bob);
      expect(listIds(list.data)).not.toContain(c.id);
      const mine = await call<CharacterPage>('GET', '/auth/character/my?page_size=50', alice);
      expect(listIds(mine.data)).not.toContain(c.id);

      const row = likes.data.characters.find((x) => x.id === c.id);
      const del = await call<{ deleted: number }>('POST', '/auth/collect/delete', bob, {
        ids: [row?.collect_id],
      });
      expect(del.data.deleted).toBe(1);
      const other = await approved(alice, { name: 'Second Like' });
      await call('POST', '/auth/collect/add', bob, { characterId: other.id });
      const byChar = await call<{ deleted: number }>('POST', '/auth/collect/delete', bob, {
        characterId: other.id,
      });
      expect(byChar.data.deleted).toBe(1);
      const noArgs = await call('POST', '/auth/collect/delete', bob, {});
      expect(noArgs.code).toBe(ErrorCode.INVALID_INPUT);
      expect(
        (await call<CharacterPage<CollectItem>>('GET', '/auth/collect/list', bob)).data.characters,
      ).toEqual([]);
    });

    it('records recent chats when the chat page opens a character', async () => {
      const c = await approved(alice, { name: 'Chatty Cleo' });
      await call('GET', `/auth/character/get?id=${c.id}`, bob);
      expect(
        (await call<CharacterPage<BrowseItem>>('GET', '/auth/character_browse/list', bob)).data.characters,
      ).toEqual([]);
      await call('GET', `/auth/character/get?id=${c.id}&from=chat`, bob);
      const recent = await call<CharacterPage<BrowseItem>>('GET', '/auth/character_browse/list', bob);
      expect(recent.data).toMatchObject({ has_more: false });
      expect(recent.data.characters[0]).toMatchObject({ id: c.id, is_deleted: false });
      const del = await call<{ deleted: number }>('POST', '/auth/character_browse/delete', bob, {
        ids: String(recent.data.characters[0]?.browse_id),
      });
      expect(del.data.deleted).toBe(1);
      expect(
        (await call<CharacterPage<BrowseItem>>('GET', '/auth/character_browse/list', bob)).data.characters,
      ).toEqual([]);
    });
  });

  describe('character cards', () => {
    const v2 = {
      spec: 'chara_card_v2',
      spec_version: '2.0',
      data: {
        name: 'Card Corvina',
        description: 'A 31-year-old cartographer of impossible places.',
        personality: 'Meticulous, wry, secretly romantic.',
        scenario: 'A map shop at midnight.',
        first_mes: '*Corvina unrolls a map that was not there a second ago.* Oh. You can see it too?',
        mes_example:
          '<START>\n{{user}}: Where does it lead?\n{{char}}: Somewhere that does not want to be found.',
        creator_notes: 'Best with story style.',
        system_prompt: 'Write as {{char}} in third person.',
        post_history_instructions: '{{original}} Keep replies under 200 words.',
        alternate_greetings: ['*She looks up.* We are closed. Mostly.', 'Lost again?'],
        tags: ['Fantasy', 'Original Character'],
        creator: 'someone',
        character_version: '1.2',
        extensions: { talkativeness: '0.6', depth_prompt: { depth: 4, prompt: 'stay cryptic' } },
        character_book: {
          name: 'Atlas',
          entries: [
            { keys: ['map'], content: 'Maps here move.', extensions: {}, enabled: true, insertion_order: 1 },
          ],
          extensions: {},
        },
        mystery_field: { kept: true },
      },
      top_level_extra: 'kept too',
    };

    it('fills the form from a JSON card and keeps every card field on export', async () => {
      const json = Buffer.from(JSON.stringify(v2));
      const res = await create(alice, {
        head: file(avatar),
        card: file(json, 'card.json', 'application/json'),
        visibility: 'public',
      });
      expect(res.code, res.message).toBe(0);
      expect(res.data).toMatchObject({
        name: 'Card Corvina',
        desc: v2.data.description,
        first_message: v2.data.first_mes,
        alternate_greetings: v2.data.alternate_greetings,
        system_prompt: v2.data.system_prompt,
        post_history_instructions: v2.data.post_history_instructions,
        tags: ['Fantasy', 'Original Character', 'Realistic'].slice(0, 0).concat(res.data.tags),
      });
      expect(res.data.tags).toEqual(expect.arrayContaining(['Fantasy', 'Original Character']));

      const exported = await t.app.inject({
        method: 'GET',
        url: `/cgi-bin/auth/character/card?id=${res.data.id}`,
        headers: { cookie: alice.cookie },
      });
      expect(exported.headers['content-type']).toBe('image/png');
      const png = exported.rawPayload;
      const text = png.toString('latin1');
      expect(text).toContain('chara');
      expect(text).toContain('ccv3');
      const card = readPngCard(png);
      expect(card.spec).toBe('v3');
      expect(card.data).toMatchObject({
        name: 'Card Corvina',
        mes_example: v2.data.mes_example,
        alternate_greetings: v2.data.alternate_greetings,
        extensions: v2.data.extensions,
        character_book: v2.data.character_book,
        mystery_field: { kept: true },
        character_version: '1.2',
      });
      expect(card.extra).toMatchObject({ top_level_extra: 'kept too' });
    });

    it('reads a PNG card, prefers its ccv3 chunk, uses it as the avatar, and lets the form win', async () => {
      const v3 = {
        ...v2,
        spec: 'chara_card_v3',
        spec_version: '3.0',
        data: { ...v2.data, name: 'V3 Name', nickname: 'Vee' },
      };
      const withV2 = writePngCard(await image('png', 400, 500), {
        spec: 'v2',
        data: { ...v2.data, name: 'V2 Name' },
        extra: {},
      });
      // Write the V3 chunk by hand over a card that also carries a different V2 chunk.
      const both = writePngCard(withV2, { spec: 'v3', data: v3.data, extra: {} });
      const parsed = readPngCard(both);
      expect(parsed.data.name).toBe('V3 Name');
      const res = await create(alice, {
        card: file(both, 'card.png'),
        desc: 'The form’s own description wins.',
      });
      expect(res.code, res.message).toBe(0);
      expect(res.data).toMatchObject({ name: 'V3 Name', desc: 'The form’s own description wins.' });
      const head = await t.app.inject({ method: 'GET', url: res.data.head });
      expect((await sharp(head.rawPayload).metadata()).width).toBe(400);
    });

    it('refuses unreadable cards and cards that break the content policy', async () => {
      const junk = await create(
        alice,
        valid({ card: file(Buffer.from('{"nope": 1'), 'c.json', 'application/json') }),
      );
      expect(junk).toMatchObject({ code: ErrorCode.INVALID_INPUT, message: en.card_invalid });
      const bad = { ...v2, data: { ...v2.data, description: 'An underage girl.' } };
      const refused = await create(alice, {
        head: file(avatar),
        card: file(Buffer.from(JSON.stringify(bad)), 'c.json'),
      });
      expect(refused.code).toBe(ErrorCode.CONTENT_POLICY);
    });
  });

  describe('manage blocked hosts', () => {
    it('refuses admin calls on a blocked host', async () => {
      await withTestApp(
        { env: { ADMIN_UIDS: ADMIN_ID, MANAGE_BLOCKED_HOSTS: 'staging.example' } },
        async (blocked) => {
          const who = await loginTourist(blocked.app);
          const res = await blocked.app.inject({
            method: 'POST',
            url: '/cgi-bin/admin/character/all',
            headers: { cookie: who.cookie, host: 'staging.example' },
            payload: {},
          });
          expect(res.json<Envelope<null>>()).toMatchObject({
            code: ErrorCode.FORBIDDEN,
            message: en.manage_blocked,
          });
        },
      );
    });
  });
});
