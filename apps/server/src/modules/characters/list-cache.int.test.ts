import type { CharacterPage, CharacterSummary } from '@lumi/contract';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { RedisGenerationCache } from '../../lib/shared-cache';
import { characters, users } from '../../db/schema';
import { sha256 } from '../../lib/hash';
import {
  createTestApp,
  envelopeOf,
  callAs,
  loginTourist,
  makeCharacter,
  testConfig,
  touristCode,
  type TestApp,
  type Tourist,
} from '../../../test/helpers';

/**
 * The public lists' shared cache (issue 23): a page is computed once for every visitor and
 * served from the cache until a change makes it stale; what is each viewer's own (likes,
 * ownership, adult veil) is added per request. The cache is proven by a change made behind the
 * service's back (straight in the database): a cached page does not show it, a change through
 * the calls does.
 */

const ADMIN_ID = '0f0f0f0f-0000-4000-8000-00000000c0c0';
/**
 * The Redis part runs when REDIS_URL is set (CI's second pass), on database 5 of that server:
 * it empties it, and must not share pages with another file's apps (the cache's keys do not
 * name the database the pages came from).
 */
function redisDb5(url: string | undefined): string | undefined {
  if (!url) return undefined;
  const u = new URL(url);
  u.pathname = '/5';
  return u.toString();
}
const REDIS_URL = redisDb5(process.env.REDIS_URL) ?? '';

type Page = CharacterPage<CharacterSummary>;

function caller(app: () => App) {
  return async <T = unknown>(
    method: 'GET' | 'POST',
    url: string,
    who: { cookie: string },
    payload?: object,
  ) => {
    const env = envelopeOf<T>(await callAs(app(), method, `/cgi-bin${url}`, who.cookie, payload), url);
    expect(env.code, `${url}: ${env.message}`).toBe(0);
    return env.data;
  };
}

const HOT = '/auth/character/list?sort=dailyRandom&page=1&page_size=50';
const NEW = '/auth/character/list?sort=new&page=1&page_size=50';

/** A name changed in the database only: the cache does not know. */
async function renameBehindTheBack(t: TestApp, id: number, name: string) {
  await t.database.db.update(characters).set({ name }).where(eq(characters.id, id));
}

/** Each case of the suite, on the memory cache (one process) and on Redis. */
function cacheSuite(label: string, env: () => Record<string, string>) {
  describe(`public lists cache (${label})`, () => {
    let t: TestApp;
    let alice: Tourist;
    let bob: Tourist;
    let admin: Tourist;
    const call = caller(() => t.app);
    const names = async (url: string, who: Tourist = bob) =>
      (await call<Page>('GET', url, who)).characters.map((c) => c.name);
    const publicOne = async (name: string, over: Record<string, string> = {}) => {
      const made = await makeCharacter(t, alice, { name, visibility: 'public', ...over });
      await call('POST', '/admin/character/approve', admin, { id: made.id });
      return made;
    };

    beforeAll(async () => {
      t = await createTestApp({ env: { ADMIN_UIDS: ADMIN_ID, ...env() } });
      alice = await loginTourist(t.app);
      bob = await loginTourist(t.app);
      const code = touristCode();
      await t.database.db
        .insert(users)
        .values({ id: ADMIN_ID, type: 0, touristCodeHash: sha256(`tourist:${code}`) });
      admin = await loginTourist(t.app, code);
      // The day's Hot order drawn now, not by the first list call (drawing it clears the cache).
      await t.app.services.characters.refreshHotOrder();
    }, 120_000);
    afterAll(() => t?.close());

    it('serves a page from the cache until a character changes', async () => {
      const c = await publicOne('Cached Corin');
      expect(await names(HOT)).toContain('Cached Corin');
      await renameBehindTheBack(t, c.id, 'Sneaky Corin');
      expect(await names(HOT)).toContain('Cached Corin');
      expect(await names(NEW)).toContain('Sneaky Corin'); // another key: a miss
      expect(await names(HOT, alice)).toContain('Cached Corin'); // another viewer: the same page
    });

    it('is cleared by a create, an edit, a delete, an approval and a visibility change', async () => {
      const c = await publicOne('Edit Ember');
      expect(await names(NEW)).toContain('Edit Ember');

      // Edit (the owner's modify): the new name at once.
      await call('POST', '/auth/character/modify', alice, { id: c.id, name: 'Edited Ember' });
      // Approval: modify by a tourist sends it back to review, so it leaves the list...
      expect(await names(NEW)).not.toContain('Edited Ember');
      // ...and comes back when an admin approves it.
      await call('POST', '/admin/character/approve', admin, { id: c.id });
      expect(await names(NEW)).toContain('Edited Ember');

      // A create (approved straight away: an admin's).
      await makeCharacter(t, admin, { name: 'Fresh Fern', visibility: 'public' });
      expect(await names(NEW)).toContain('Fresh Fern');

      // Visibility: made private, it leaves every list.
      await call('POST', '/auth/character/modify', admin, { id: c.id, visibility: 'private' });
      expect(await names(NEW)).not.toContain('Edited Ember');

      // Delete.
      const d = await publicOne('Doomed Dara');
      expect(await names(NEW)).toContain('Doomed Dara');
      await call('POST', '/auth/character/delete', alice, { id: d.id });
      expect(await names(NEW)).not.toContain('Doomed Dara');
    });

    it('is cleared when moderation hides a character', async () => {
      const c = await publicOne('Hidden Hale');
      expect(await names(NEW)).toContain('Hidden Hale');
      await call('POST', '/admin/report/action', admin, {
        target_type: 'character',
        target_id: String(c.id),
        action: 'hide',
      });
      expect(await names(NEW)).not.toContain('Hidden Hale');
    });

    it("adds each viewer's own likes and ownership to the shared page", async () => {
      const c = await publicOne('Liked Lio');
      await call('POST', '/auth/collect/add', alice, { characterId: c.id });
      const url = '/auth/character/list?sort=new&page=1&page_size=50';
      const seen = async (who: Tourist) =>
        (await call<Page>('GET', url, who)).characters.find((x) => x.id === c.id)!;
      expect(await seen(alice)).toMatchObject({ is_collected: true, is_owner: true });
      expect(await seen(bob)).toMatchObject({ is_collected: false, is_owner: false });
      // A like changes no shared page: it shows at once, from the page already cached.
      await renameBehindTheBack(t, c.id, 'Renamed Lio');
      await call('POST', '/auth/collect/add', bob, { characterId: c.id });
      expect(await seen(bob)).toMatchObject({ name: 'Liked Lio', is_collected: true });
      await call('POST', '/auth/collect/delete', alice, { characterId: c.id });
      expect(await seen(alice)).toMatchObject({ name: 'Liked Lio', is_collected: false });
    });

    it('never lets adult or private characters through to viewers who may not see them', async () => {
      const adultOn = await loginTourist(t.app);
      await t.database.db.update(users).set({ enableNsfw: true }).where(eq(users.id, adultOn.uid));
      t.app.services.sessions.forgetUser(adultOn.uid);
      const adult = await makeCharacter(t, adultOn, {
        name: 'Velvet Vesna',
        NSFW: '1',
        visibility: 'public',
      });
      await call('POST', '/admin/character/approve', admin, { id: adult.id });
      await makeCharacter(t, alice, { name: 'Private Pia', visibility: 'private' });
      const url = '/auth/character/list?sort=new&page=1&page_size=50&NSFW=true';
      // Cached by a viewer with adult content on...
      const forAdult = (await call<Page>('GET', url, adultOn)).characters.find((x) => x.id === adult.id);
      expect(forAdult).toMatchObject({ desc: adult.desc, need_enable_nsfw: false });
      // ...the same query is still refused to one without it.
      const refused = envelopeOf(await callAs(t.app, 'GET', `/cgi-bin${url}`, bob.cookie));
      expect(refused.code).not.toBe(0);
      // The unfiltered page, cached by the adult viewer, is veiled for the others.
      expect((await call<Page>('GET', NEW, adultOn)).characters.map((x) => x.id)).toContain(adult.id);
      const veiled = (await call<Page>('GET', NEW, bob)).characters.find((x) => x.id === adult.id);
      expect(veiled).toMatchObject({ desc: '', need_enable_nsfw: true });
      // Private characters are in no public page, not even their owner's view of it.
      expect(await names(NEW, alice)).not.toContain('Private Pia');
      expect(await names('/auth/character/list-search?query=Pia&page=1&page_size=20', alice)).not.toContain(
        'Private Pia',
      );
    });

    it('caches search and clears it with the lists', async () => {
      const c = await publicOne('Quillon Marsh');
      const url = '/auth/character/list-search?query=Quillon&page=1&page_size=20';
      expect(await names(url)).toEqual(['Quillon Marsh']);
      await renameBehindTheBack(t, c.id, 'Quillon Bog');
      expect(await names(url)).toEqual(['Quillon Marsh']);
      await call('POST', '/auth/character/modify', admin, { id: c.id, name: 'Quillon Fen' });
      expect(await names(url)).toEqual(['Quillon Fen']);
    });
  });
}

cacheSuite('memory', () => ({}));

describe('public lists cache (off)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LIST_CACHE_SECONDS: '0', CHARACTER_AUTO_APPROVE: 'true' } });
  }, 120_000);
  afterAll(() => t?.close());

  it('reads the database on every request with LIST_CACHE_SECONDS=0', async () => {
    const who = await loginTourist(t.app);
    const c = await makeCharacter(t, who, { name: 'Plain Pell', visibility: 'public' });
    const call = caller(() => t.app);
    const names = async () => (await call<Page>('GET', NEW, who)).characters.map((x) => x.name);
    expect(await names()).toContain('Plain Pell');
    await renameBehindTheBack(t, c.id, 'Raw Pell');
    expect(await names()).toContain('Raw Pell');
  });
});

describe.skipIf(!REDIS_URL)('public lists cache shared through Redis', () => {
  let redis: Redis;
  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    await redis.flushdb();
  });
  afterAll(async () => {
    await redis?.quit();
  });

  cacheSuite('Redis', () => ({ REDIS_URL }));

  it("keeps a process's decoded copy only while Redis's generation is the same", async () => {
    const warnings: unknown[] = [];
    let now = 1_000_000;
    const codec = {
      encode: (v: { n: number }) => JSON.stringify(v),
      decode: (t: string) => JSON.parse(t) as { n: number },
    };
    const cache = new RedisGenerationCache(
      redis,
      'lumi:test-local:',
      10,
      codec,
      (err) => warnings.push(err),
      1000,
      10,
      () => now,
    );
    const other = new RedisGenerationCache(redis, 'lumi:test-local:', 10, codec, (err) => warnings.push(err));
    const { generation } = await cache.read('page');
    await cache.write('page', generation, { n: 1 });
    // The entry's body gone from Redis: the local copy answers (only the generation is read).
    await redis.del('lumi:test-local:e:page');
    expect((await cache.read('page')).value).toEqual({ n: 1 });
    // Another process bumps: the copy is not served again, here or there.
    await other.bump();
    expect((await cache.read('page')).value).toBeUndefined();
    // A copy lives a second at most, even with no bump (what the lists hold but do not clear on).
    const g = (await cache.read('page')).generation;
    await cache.write('page', g, { n: 2 });
    await redis.del('lumi:test-local:e:page');
    expect((await cache.read('page')).value).toEqual({ n: 2 });
    now += 1001;
    expect((await cache.read('page')).value).toBeUndefined();
    expect(warnings).toEqual([]);
  });

  it('keeps its pages in Redis, so two processes share them and their invalidation', async () => {
    const env = { REDIS_URL, CHARACTER_AUTO_APPROVE: 'true' };
    const one = await createTestApp({ env });
    // A second app on the same database and Redis: another process as far as the cache knows.
    const two = await buildApp({
      config: testConfig({ DATA_DIR: one.dataDir, ...env }),
      database: one.database,
      logger: false,
    });
    await two.ready();
    await one.app.services.characters.refreshHotOrder();
    await two.services.characters.refreshHotOrder();
    // The suite above used the same Redis with another database: its pages are not this one's.
    await redis.flushdb();
    try {
      const who = await loginTourist(one.app);
      const c = await makeCharacter(one, who, { name: 'Twin Tamsin', visibility: 'public' });
      const onOne = caller(() => one.app);
      const onTwo = caller(() => two);
      const names = async (call: typeof onOne) =>
        (await call<Page>('GET', NEW, who)).characters.map((x) => x.name);
      // Computed by the second process...
      expect(await names(onTwo)).toContain('Twin Tamsin');
      await renameBehindTheBack(one, c.id, 'Ghost Tamsin');
      // ...served to the first from Redis.
      expect(await names(onOne)).toContain('Twin Tamsin');
      expect((await redis.keys('lumi:lists:e:*')).length).toBeGreaterThan(0);
      // An edit in the first process: the second's next answer has it.
      await onOne('POST', '/auth/character/modify', who, { id: c.id, name: 'Edited Tamsin' });
      expect(await names(onTwo)).toContain('Edited Tamsin');
      // A like through one process: the other's next page shows it (the likes cache is shared too).
      const mine = async (call: typeof onOne) =>
        (await call<Page>('GET', NEW, who)).characters.find((x) => x.id === c.id)?.is_collected;
      expect(await mine(onTwo)).toBe(false);
      await onOne('POST', '/auth/collect/add', who, { characterId: c.id });
      expect(await mine(onTwo)).toBe(true);
      await onTwo('POST', '/auth/collect/delete', who, { characterId: c.id });
      expect(await mine(onOne)).toBe(false);
    } finally {
      await two.close();
      await one.close();
    }
  });
});
