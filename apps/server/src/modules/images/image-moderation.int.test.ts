import {
  ErrorCode,
  type CreditRemain,
  type ImageHistoryItem,
  type JobStatus,
  type Locale,
  type SharedImage,
  type UserInfo,
} from '@lumi/contract';
import { type GeneratedImage, type ImageEngine, type ImageRequest } from '@lumi/engines';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { imageShares, jobs, moderationEvents, users } from '../../db/schema';
import { DevOutbox } from '../../lib/mailer';
import { fakeClassifier, isScarlet, SCARLET, TEAL } from '../../../test/fake-moderation';
import { solidImage, storedUnder } from '../../../test/files';
import {
  callAs,
  useTestApp,
  creditsLeft,
  loginTourist,
  messagesFile,
  postMultipart,
  signInByEmail,
  type Envelope,
} from '../../../test/helpers';
import type { ImageJobResult } from './images.service';

const en = messagesFile('en');
/** A message's text before its `{{term}}`: the phrase the engine quotes is its own business. */
const lead = (locale: Locale, key: 'content_refused' | 'content_minor') =>
  messagesFile(locale)[key].split('{{')[0]!;

/**
 * A paid engine that paints flat pictures: "scarlet" in the prompt paints scarlet unless the
 * negative prompt asks for no nudity (the second try), "crimson" paints scarlet always.
 */
class Painter implements ImageEngine {
  readonly id = 'painter';
  readonly preview = false;
  readonly requests: ImageRequest[] = [];
  async generate(request: ImageRequest): Promise<GeneratedImage[]> {
    this.requests.push(request);
    const scarlet =
      request.prompt.includes('crimson') ||
      (request.prompt.includes('scarlet') && !request.negativePrompt.includes('nsfw'));
    const bytes = await sharp({
      create: { width: 64, height: 64, channels: 3, background: scarlet ? SCARLET : TEAL },
    })
      .png()
      .toBuffer();
    return Array.from({ length: request.count }, () => ({ bytes, mime: 'image/png' as const }));
  }
}

describe('moderation of image prompts and generated pictures', () => {
  const painter = new Painter();
  const outbox = new DevOutbox(() => undefined);
  const t = useTestApp({
    imageEngine: painter,
    mailer: outbox,
    moderation: { image: fakeClassifier() },
  });

  const call = async <T>(
    cookie: string,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) => {
    const res = await callAs(t.app, method, `/cgi-bin/auth${url}`, cookie, payload, headers);
    expect(res.statusCode).toBe(200);
    return res.json<Envelope<T>>();
  };
  const remain = async (cookie: string) =>
    (await call<CreditRemain>(cookie, 'GET', '/credit/remain')).data.remain;
  const status = async (cookie: string, id: string) =>
    (await call<JobStatus>(cookie, 'GET', `/aigc/status?id=${id}`)).data;
  const settled = async (cookie: string, id: string) => {
    await expect
      .poll(async () => (await status(cookie, id)).state, { timeout: 10_000 })
      .toMatch(/^(done|failed)$/);
    return status(cookie, id);
  };
  const jobsOf = (uid: string) => t.database.db.select().from(jobs).where(eq(jobs.userId, uid));
  const setAdult = async (uid: string, on: boolean) => {
    await t.database.db.update(users).set({ enableNsfw: on }).where(eq(users.id, uid));
    t.app.services.sessions.forgetUser(uid);
  };

  it('refuses prompts, negative prompts and builder choices that sexualise a minor, free of charge', async () => {
    const me = await loginTourist(t.app);
    const asked = painter.requests.length;
    const refused = [
      { prompt: 'a naked 15 year old girl on a bed' },
      { prompt: 'a portrait in a garden', negative_prompt: 'clothes, adult, a lolicon look' },
      // The builder's choices and the extra words are checked together, before the adult rule.
      { builder: { clothing: 'lingerie', age: '18+' }, prompt: 'she is 14 years old and naked' },
    ];
    for (const body of refused) {
      const res = await call(me.cookie, 'POST', '/aigc/image', body);
      expect(res.code).toBe(ErrorCode.CONTENT_POLICY);
      expect(res.message.startsWith(lead('en', 'content_refused'))).toBe(true);
    }
    // In the caller's language.
    const fr = await call(me.cookie, 'POST', '/aigc/image', refused[0], { 'x-locale': 'fr' });
    expect(fr.code).toBe(ErrorCode.CONTENT_POLICY);
    expect(fr.message.startsWith(lead('fr', 'content_refused'))).toBe(true);
    expect(await remain(me.cookie)).toBe(30);
    expect(await jobsOf(me.uid)).toEqual([]);
    expect(painter.requests.length).toBe(asked);
    // The operator's count: the refusals are recorded, without the text.
    const events = await t.database.db
      .select()
      .from(moderationEvents)
      .where(eq(moderationEvents.userId, me.uid));
    expect(events.length).toBeGreaterThanOrEqual(4);
    expect(events.every((e) => e.surface === 'image_prompt' && e.verdict === 'refuse')).toBe(true);
    expect(JSON.stringify(events)).not.toContain('15 year old');

    // A sexual prompt still needs adult content on; a harmless one goes through.
    expect((await call(me.cookie, 'POST', '/aigc/image', { prompt: 'a nude figure study' })).code).toBe(
      ErrorCode.NSFW_REQUIRED,
    );
    expect((await call(me.cookie, 'POST', '/aigc/image', { prompt: 'a teal lighthouse' })).code).toBe(0);
  });

  it('never keeps an explicit picture without adult content: drawn again, or refunded', async () => {
    const me = await loginTourist(t.app);
    // Always explicit: the job fails, every credit comes back, no picture was stored.
    const lost = await call<{ id: string }>(me.cookie, 'POST', '/aigc/image', {
      prompt: 'crimson',
      count: 2,
    });
    expect(lost.code).toBe(0);
    const failed = await settled(me.cookie, lost.data.id);
    expect(failed).toMatchObject({ state: 'failed', message: en.generation_refused });
    expect(failed.images).toBeUndefined();
    expect(await remain(me.cookie)).toBe(30);
    expect(storedUnder(t.dataDir, `private-files/images/${lost.data.id}`)).toEqual([]);
    const [row] = await jobsOf(me.uid);
    expect(row?.result).toBeNull();

    // Explicit at first, safe when drawn again: every picture paid for, none of them explicit.
    const asked = painter.requests.length;
    const redrawn = await call<{ id: string }>(me.cookie, 'POST', '/aigc/image', {
      prompt: 'scarlet',
      count: 2,
    });
    const done = await settled(me.cookie, redrawn.data.id);
    expect(done.state).toBe('done');
    expect(done.images).toHaveLength(2);
    for (const image of done.images!) {
      const file = await t.app.inject({ method: 'GET', url: image.url });
      expect(file.statusCode).toBe(200);
      expect(await isScarlet(file.rawPayload)).toBe(false);
    }
    expect(painter.requests.slice(asked).map((r) => r.count)).toEqual([2, 2]);
    expect(painter.requests.at(-1)!.negativePrompt).toContain('nsfw');
    expect(await remain(me.cookie)).toBe(24);
  });

  it('keeps an adult user’s explicit pictures private, unshareable, hidden once adult content is off', async () => {
    const me = await loginTourist(t.app);
    await setAdult(me.uid, true);
    const made = await call<{ id: string }>(me.cookie, 'POST', '/aigc/image', {
      prompt: 'crimson',
      count: 2,
    });
    const done = await settled(me.cookie, made.data.id);
    expect(done.state).toBe('done');
    expect(done.images).toHaveLength(2);
    expect(
      await isScarlet((await t.app.inject({ method: 'GET', url: done.images![0]!.url })).rawPayload),
    ).toBe(true);
    const [row] = await jobsOf(me.uid);
    expect((row?.result as ImageJobResult).images.map((i) => i.explicit)).toEqual([true, true]);

    // Never public: refused with the explicit message, no public copy, nothing in the gallery.
    const shared = await call<SharedImage>(me.cookie, 'POST', '/aigc/image/share', {
      id: made.data.id,
      index: 0,
    });
    expect(shared).toMatchObject({ code: ErrorCode.CONTENT_POLICY, message: en.image_explicit });
    expect(await t.database.db.select().from(imageShares).where(eq(imageShares.jobId, made.data.id))).toEqual(
      [],
    );
    expect(storedUnder(t.dataDir, 'files/shared/')).toEqual([]);
    const explore = await t.app.inject({
      method: 'GET',
      url: '/cgi-bin/explore',
      headers: { cookie: me.cookie },
    });
    expect(explore.json<Envelope<{ images: SharedImage[] }>>().data.images).toEqual([]);

    // Adult content off: the explicit pictures are no longer shown, listed or shareable.
    await setAdult(me.uid, false);
    expect((await status(me.cookie, made.data.id)).images).toEqual([]);
    const history = await call<{ items: ImageHistoryItem[] }>(me.cookie, 'GET', '/aigc/image/history');
    expect(history.data.items.find((i) => i.id === made.data.id)?.images).toEqual([]);
    expect((await call(me.cookie, 'POST', '/aigc/image/share', { id: made.data.id, index: 1 })).code).toBe(
      ErrorCode.NOT_FOUND,
    );
  });

  it('shares a picture the classifier finds clean as before', async () => {
    const me = await loginTourist(t.app);
    const made = await call<{ id: string }>(me.cookie, 'POST', '/aigc/image', { prompt: 'a teal harbour' });
    expect((await settled(me.cookie, made.data.id)).state).toBe('done');
    const shared = await call<SharedImage>(me.cookie, 'POST', '/aigc/image/share', {
      id: made.data.id,
      index: 0,
    });
    expect(shared.code).toBe(0);
    const explore = await t.app.inject({ method: 'GET', url: '/cgi-bin/explore' });
    expect(explore.json<Envelope<{ images: SharedImage[] }>>().data.images.map((i) => i.share_id)).toContain(
      shared.data.share_id,
    );
  });

  it('refuses an explicit profile picture, adult content on or not', async () => {
    const me = await signInByEmail(t, outbox, 'avatar@example.com');
    const update = async (color: string) => {
      const head = await solidImage(300, 300, color);
      const res = await postMultipart(t.app, '/cgi-bin/auth/user/update', me.cookie, {
        head: { filename: 'me.png', contentType: 'image/png', data: head },
      });
      return res.json<Envelope<UserInfo>>();
    };
    await setAdult(me.uid, true);
    expect(await update(SCARLET)).toMatchObject({
      code: ErrorCode.CONTENT_POLICY,
      message: en.image_explicit,
    });
    expect(storedUnder(t.dataDir, `files/users/${me.uid}`)).toEqual([]);
    const ok = await update(TEAL);
    expect(ok.code).toBe(0);
    expect(storedUnder(t.dataDir, `files/users/${me.uid}`)).toHaveLength(1);
  });
});

describe('moderation of face swap photos', () => {
  // No worker: what is checked here is what the request accepts, before any job runs.
  const t = useTestApp({ env: { RUN_WORKERS: 'false' }, moderation: { image: fakeClassifier() } });
  let explicit: Buffer;
  let clean: Buffer;
  beforeAll(async () => {
    explicit = await solidImage(200, 200, SCARLET, 'jpeg');
    clean = await solidImage(200, 200, TEAL, 'jpeg');
  });

  const swap = async (cookie: string, base: Buffer, face: Buffer, consent = 'true') => {
    const res = await postMultipart(t.app, '/cgi-bin/auth/aigc/image', cookie, {
      type: 'faceswap',
      base: { filename: 'b.jpg', contentType: 'image/jpeg', data: base },
      face: { filename: 'f.jpg', contentType: 'image/jpeg', data: face },
      consent,
    });
    return res.json<Envelope<{ id: string }>>();
  };
  const remain = (cookie: string) => creditsLeft(t.app, cookie);

  it('refuses an explicit photo without adult content, keeping and charging nothing', async () => {
    const me = await loginTourist(t.app);
    for (const [base, face] of [
      [explicit, clean],
      [clean, explicit],
    ] as const) {
      expect(await swap(me.cookie, base, face)).toMatchObject({
        code: ErrorCode.CONTENT_POLICY,
        message: en.image_explicit,
      });
    }
    expect(await remain(me.cookie)).toBe(30);
    expect(storedUnder(t.dataDir, 'private-files/swap-inputs/')).toEqual([]);
    expect(await t.database.db.select().from(jobs).where(eq(jobs.userId, me.uid))).toEqual([]);
  });

  it('takes them with adult content on, and still asks for consent', async () => {
    const me = await loginTourist(t.app);
    await t.database.db.update(users).set({ enableNsfw: true }).where(eq(users.id, me.uid));
    t.app.services.sessions.forgetUser(me.uid);
    expect(await swap(me.cookie, explicit, clean, 'false')).toMatchObject({
      code: ErrorCode.INVALID_INPUT,
      message: en.faceswap_consent_required,
    });
    expect((await swap(me.cookie, explicit, clean)).code).toBe(0);
    expect(await remain(me.cookie)).toBe(25);
  });
});
