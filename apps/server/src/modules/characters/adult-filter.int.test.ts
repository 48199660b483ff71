import { ErrorCode, type CharacterPage, type CharacterSummary } from '@lumi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  loginTourist,
  makeCharacter,
  messagesFile,
  type Envelope,
  type TestApp,
} from '../../../test/helpers';
import { users } from '../../db/schema';

/**
 * The home page's adult filter (`?charsType=NSFW`, sent as `NSFW=1`) and its switch are in the
 * page; the rule is here: without enable_nsfw no adult character comes back unveiled, whatever
 * the list call asks for, and a malformed parameter is a translated refusal, never a 500.
 */
describe('the adult filter of the home list', () => {
  let t: TestApp;
  let owner: { cookie: string; uid: string };
  let guest: { cookie: string; uid: string };
  let adultOn: { cookie: string; uid: string };
  /** Signed in with an account (not a tourist), adult content off. */
  let plain: { cookie: string; uid: string };
  let adult: { id: number; desc: string };

  const setNsfw = (uid: string, on: boolean) =>
    t.database.db.update(users).set({ enableNsfw: on }).where(eq(users.id, uid));

  beforeAll(async () => {
    t = await createTestApp({ env: { CHARACTER_AUTO_APPROVE: 'true' } });
    owner = await loginTourist(t.app);
    guest = await loginTourist(t.app);
    adultOn = await loginTourist(t.app);
    plain = await loginTourist(t.app);
    await t.database.db.update(users).set({ type: 4 }).where(eq(users.id, plain.uid));
    await setNsfw(owner.uid, true);
    await setNsfw(adultOn.uid, true);
    const made = await makeCharacter(t, owner, {
      name: 'Velvet Noor',
      NSFW: '1',
      visibility: 'public',
      gender: 'Female',
      tag: 'Romantic',
    });
    adult = { id: made.id, desc: made.desc };
    await makeCharacter(t, owner, {
      name: 'Sunny Vale',
      visibility: 'public',
      gender: 'Female',
      tag: 'Romantic',
    });
  }, 180_000);
  afterAll(() => t?.close());

  async function list(query: string, cookie?: string, locale = 'en') {
    const res = await t.app.inject({
      method: 'GET',
      url: `/cgi-bin/auth/character/list?${query}`,
      headers: { 'x-locale': locale, ...(cookie ? { cookie } : {}) },
    });
    expect(res.statusCode).toBeLessThan(500);
    return res.json<Envelope<CharacterPage | null>>();
  }

  const adultSeen = (chars: CharacterSummary[]) => chars.filter((c) => c.NSFW);

  it.each([
    'NSFW=1',
    'NSFW=true',
    'sort=new&NSFW=1',
    'gender=Female&NSFW=1',
    'tag=Romantic&NSFW=1',
    'NSFW=1&page_size=50',
  ])(
    'refuses %s to a guest and to a user without adult content, with the translated reason',
    async (query) => {
      for (const who of [guest, plain]) {
        const res = await list(query, who.cookie);
        expect(res.code, who === guest ? 'guest' : 'signed-in, adult off').toBe(ErrorCode.NSFW_REQUIRED);
        expect(res.data).toBeNull();
        expect(res.message).toBe(messagesFile('en').nsfw_required);
      }
      expect((await list(query, guest.cookie, 'fr')).message).toBe(messagesFile('fr').nsfw_required);
    },
  );

  it('without a session the call is a sign-in question, not a list', async () => {
    expect((await list('NSFW=1')).code).toBe(ErrorCode.NO_SESSION);
    expect((await list('')).code).toBe(ErrorCode.NO_SESSION);
  });

  it.each(['', 'NSFW=0', 'NSFW=false', 'sort=new', 'gender=Female', 'tag=Romantic'])(
    'in other lists (%s) an adult character reaches a guest only veiled: no description, marked',
    async (query) => {
      const res = await list(`${query}&page_size=50`, guest.cookie);
      expect(res.code).toBe(0);
      for (const c of adultSeen(res.data?.characters ?? [])) {
        expect(c).toMatchObject({ need_enable_nsfw: true, desc: '' });
      }
      if (query.startsWith('NSFW=')) expect(adultSeen(res.data?.characters ?? [])).toEqual([]);
    },
  );

  it('gives adult characters, and only those, to a user who turned adult content on', async () => {
    const res = await list('NSFW=1&page_size=50', adultOn.cookie);
    expect(res.code).toBe(0);
    const chars = res.data?.characters ?? [];
    expect(chars.map((c) => c.id)).toContain(adult.id);
    expect(chars.every((c) => c.NSFW && !c.need_enable_nsfw)).toBe(true);
    expect(chars.find((c) => c.id === adult.id)?.desc).toBe(adult.desc);
  });

  it.each(['NSFW=maybe', 'NSFW=2', 'NSFW[]=1', 'NSFW=1&NSFW=0', 'NSFW='])(
    'answers a malformed %s with a translated refusal, never a 500 nor adult characters',
    async (query) => {
      const res = await list(query, guest.cookie, 'es');
      if (res.code === 0) {
        // Read as "no filter" by the schema: still nothing adult unveiled.
        for (const c of adultSeen(res.data?.characters ?? [])) expect(c.need_enable_nsfw).toBe(true);
      } else {
        expect([ErrorCode.INVALID_INPUT, ErrorCode.NSFW_REQUIRED]).toContain(res.code);
        expect(res.message).not.toBe('');
        expect(res.message).not.toMatch(/invalid_field|invalid_input|NSFW_REQUIRED/);
      }
    },
  );

  it('the adult character itself stays closed to a guest', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/cgi-bin/auth/character/get?id=${adult.id}`,
      headers: { cookie: guest.cookie },
    });
    expect(res.json<Envelope<null>>().code).toBe(ErrorCode.NSFW_REQUIRED);
  });
});
