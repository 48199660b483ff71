import fs from 'node:fs';
import path from 'node:path';
import { ErrorCode, type UserInfo } from '@lumi/contract';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { characters, conversations, users } from '../../db/schema';
import { DevOutbox } from '../../lib/mailer';
import {
  callAs,
  useTestApp,
  loginTourist,
  makeCharacter,
  messagesFile,
  multipart,
  signInByEmail,
  type Envelope,
} from '../../../test/helpers';
import { solidImage } from '../../../test/files';

const en = messagesFile('en');

describe('profile settings and account removal', () => {
  const outbox = new DevOutbox(() => undefined);
  let now = Date.now();
  const t = useTestApp({ mailer: outbox, clock: () => new Date(now) });

  const signIn = (email: string) => signInByEmail(t, outbox, email);

  const call = async <T>(cookie: string, url: string, payload?: object, headers = {}) => {
    const res = await callAs(t.app, 'POST', `/cgi-bin/auth${url}`, cookie, payload, headers);
    expect(res.statusCode).toBeLessThan(500);
    return res.json<Envelope<T>>();
  };

  it('updates the name, the avatar, and adult content only with the 18+ confirmation', async () => {
    const me = await signIn('profile@example.com');
    expect((await call<UserInfo>(me.cookie, '/user/update', { name: '  Noor  ' })).data.name).toBe('Noor');
    expect(await call(me.cookie, '/user/update', { enable_nsfw: true })).toMatchObject({
      code: ErrorCode.INVALID_INPUT,
      message: en.adult_confirm_required,
    });
    const on = await call<UserInfo>(me.cookie, '/user/update', { enable_nsfw: true, confirm_adult: true });
    expect(on.data.enable_nsfw).toBe(true);
    // The setting counts at once: an adult character's chat is no longer refused for it.
    const info = await t.app.inject({
      method: 'GET',
      url: '/cgi-bin/auth/user/info',
      headers: { cookie: me.cookie },
    });
    expect(info.json<Envelope<UserInfo>>().data.enable_nsfw).toBe(true);

    const image = await solidImage(500, 300, '#48c', 'jpeg');
    const form = multipart({ head: { filename: 'me.jpg', contentType: 'image/jpeg', data: image } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/cgi-bin/auth/user/update',
      payload: form.payload,
      headers: { ...form.headers, cookie: me.cookie },
    });
    const head = res.json<Envelope<UserInfo>>().data.head;
    expect(head).toMatch(/^\/files\/users\/.+\.webp$/);
    const file = await t.app.inject({ method: 'GET', url: head });
    expect(file.statusCode).toBe(200);
    expect((await sharp(file.rawPayload).metadata()).width).toBe(256);

    const bad = multipart({
      head: { filename: 'x.png', contentType: 'image/png', data: Buffer.from('not an image') },
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/cgi-bin/auth/user/update',
      payload: bad.payload,
      headers: { ...bad.headers, cookie: me.cookie },
    });
    expect(refused.json<Envelope<null>>()).toMatchObject({ message: en.image_format });
    expect(await call(me.cookie, '/user/update', { name: '' })).toMatchObject({
      code: ErrorCode.INVALID_INPUT,
    });
  });

  it('asks a guest to sign in first', async () => {
    const guest = await loginTourist(t.app);
    expect(await call(guest.cookie, '/user/update', { name: 'Guest' })).toMatchObject({
      code: ErrorCode.FORBIDDEN,
      message: en.sign_in_required,
    });
    expect(await call(guest.cookie, '/user/delete')).toMatchObject({ code: ErrorCode.FORBIDDEN });
  });

  it('removes an account: its sessions end at once, and its data is erased', async () => {
    const me = await signIn('leaving@example.com');
    now += 31_000; // the next code for the address may be asked for
    const other = await signIn('leaving@example.com');
    await makeCharacter(t, me, {
      name: 'Ilse Varga',
      desc: 'A 40-year-old glassblower who hums while she works.',
    });
    await call(me.cookie, '/aigc/text', { content: 'Hello?' });
    const [made] = await t.database.db.select().from(characters).where(eq(characters.ownerId, me.uid));
    const avatar = await t.app.inject({ method: 'GET', url: `/files/${made?.headKey ?? ''}` });
    expect(avatar.statusCode).toBe(200);
    // A generated image, kept privately, and a shared copy of it.
    const job = await call<{ id: string }>(me.cookie, '/aigc/image', { prompt: 'a glass vase' });
    await expect
      .poll(async () => (await t.app.services.queue.find(job.data.id))?.state, { timeout: 5000 })
      .toBe('done');
    const shared = await call<{ url: string }>(me.cookie, '/aigc/image/share', { id: job.data.id, index: 0 });
    const done = await t.app.services.queue.find(job.data.id);
    const imageKey = (done?.result as { images: { key: string }[] }).images[0]!.key;
    const imageFile = path.join(t.dataDir, 'private-files', imageKey);
    const sharedFile = path.join(t.dataDir, 'files', shared.data.url.replace('/files/', ''));
    expect([fs.existsSync(imageFile), fs.existsSync(sharedFile)]).toEqual([true, true]);

    const removed = await call(me.cookie, '/user/delete');
    expect(removed).toMatchObject({ code: 0 });
    // Both sessions end at once.
    for (const who of [me, other]) {
      expect((await call(who.cookie, '/user/update', { name: 'x' })).code).toBe(ErrorCode.NO_SESSION);
    }
    // Signing in again with the same address does not bring it back before it is erased.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/cgi-bin/login/email/start',
          payload: { email: 'leaving@example.com' },
        })
      ).statusCode,
    ).toBe(200);

    expect(await t.app.services.accounts.eraseRemoved()).toBeGreaterThanOrEqual(1);
    const [u] = await t.database.db.select({ n: count() }).from(users).where(eq(users.id, me.uid));
    const [c] = await t.database.db
      .select({ n: count() })
      .from(characters)
      .where(eq(characters.ownerId, me.uid));
    const [v] = await t.database.db
      .select({ n: count() })
      .from(conversations)
      .where(eq(conversations.userId, me.uid));
    expect([u?.n, c?.n, v?.n].map(Number)).toEqual([0, 0, 0]);
    // Its files are gone too.
    expect(fs.existsSync(path.join(t.dataDir, 'files', made?.headKey ?? 'missing'))).toBe(false);
    expect([fs.existsSync(imageFile), fs.existsSync(sharedFile)]).toEqual([false, false]);
  });
});
