import {
  ErrorCode,
  type CreditRemain,
  type ImageHistoryItem,
  type JobStatus,
  type SharedImage,
} from '@lumi/contract';
import { EngineError, PreviewImageEngine, type ImageEngine, type ImageRequest } from '@lumi/engines';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jobs, users } from '../../db/schema';
import { callAs, useTestApp, loginTourist, messagesFile, type Envelope } from '../../../test/helpers';
import { JOBS_CHANNEL } from './jobs.repository';
import { Worker } from './worker';

const en = messagesFile('en');

/** An engine the test steers: it can fail, wait for a go, or count what it drew. */
class ScriptedEngine implements ImageEngine {
  readonly id = 'scripted';
  readonly preview = false;
  readonly drawn: string[] = [];
  failWith: EngineError | undefined;
  gate: Promise<void> | undefined;
  private readonly inner = new PreviewImageEngine();
  async generate(request: ImageRequest) {
    this.drawn.push(request.prompt);
    if (this.gate) await this.gate;
    if (this.failWith) throw this.failWith;
    return this.inner.generate({ ...request, width: 64, height: 64 });
  }
}

describe('image jobs', () => {
  const engine = new ScriptedEngine();
  let now = Date.parse('2026-06-01T10:00:00Z');
  const t = useTestApp({ imageEngine: engine, clock: () => new Date(now) });

  const call = async <T>(cookie: string, method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await callAs(t.app, method, `/cgi-bin/auth${url}`, cookie, payload);
    expect(res.statusCode).toBe(200);
    return res.json<Envelope<T>>();
  };
  const status = async (cookie: string, id: string) =>
    (await call<JobStatus>(cookie, 'GET', `/aigc/status?id=${id}`)).data;
  const remain = async (cookie: string) =>
    (await call<CreditRemain>(cookie, 'GET', '/credit/remain')).data.remain;
  const waitFor = async (cookie: string, id: string, state: JobStatus['state']) => {
    await expect.poll(async () => (await status(cookie, id)).state, { timeout: 5000 }).toBe(state);
    return status(cookie, id);
  };

  it('spends the credits, draws, and serves the result privately as WEBP marked as AI-made', async () => {
    const me = await loginTourist(t.app);
    const created = await call<{ id: string }>(me.cookie, 'POST', '/aigc/image', {
      prompt: 'a lighthouse',
      count: 2,
      size: '1024x768',
    });
    expect(created.code).toBe(0);
    expect(await remain(me.cookie)).toBe(30 - 6);
    const done = await waitFor(me.cookie, created.data.id, 'done');
    expect(done.images).toHaveLength(2);
    expect(done.preview).toBe(false);
    const image = await t.app.inject({ method: 'GET', url: done.images![0]!.url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1024, 768]);
    expect(meta.xmpAsString ?? meta.xmp?.toString()).toContain('trainedAlgorithmicMedia');

    // Not without the signature, not with another key's, not once expired; not for another user.
    const url = new URL(done.images![0]!.url, 'http://x');
    const bare = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(bare.statusCode).toBe(403);
    const other = new URL(done.images![1]!.url, 'http://x');
    const swapped = await t.app.inject({
      method: 'GET',
      url: `${url.pathname}?e=${other.searchParams.get('e')}&s=${other.searchParams.get('s')}`,
    });
    expect(swapped.statusCode).toBe(403);
    const stranger = await loginTourist(t.app);
    expect((await call(stranger.cookie, 'GET', `/aigc/status?id=${created.data.id}`)).code).toBe(
      ErrorCode.NOT_FOUND,
    );
    now += 8 * 3_600_000;
    try {
      expect((await t.app.inject({ method: 'GET', url: done.images![0]!.url })).statusCode).toBe(403);
    } finally {
      now -= 8 * 3_600_000;
    }
  });

  it('fails a job the engine cannot do and gives the credits back', async () => {
    const me = await loginTourist(t.app);
    engine.failWith = new EngineError('unavailable', 'GPU server down');
    try {
      const { data } = await call<{ id: string }>(me.cookie, 'POST', '/aigc/image', { prompt: 'a storm' });
      const failed = await waitFor(me.cookie, data.id, 'failed');
      expect(failed.message).toBe(en.generation_failed);
      expect(await remain(me.cookie)).toBe(30);
    } finally {
      engine.failWith = undefined;
    }
  });

  it('refuses without credits, with a minor in a sexual prompt, and adult prompts without the setting', async () => {
    const me = await loginTourist(t.app);
    expect(
      (await call(me.cookie, 'POST', '/aigc/image', { prompt: 'x', count: 4, model: 'standard' })).code,
    ).toBe(0);
    await t.app.services.credits.spend(me.uid, 18, 'test');
    expect((await call(me.cookie, 'POST', '/aigc/image', { prompt: 'a cat' })).code).toBe(
      ErrorCode.NOT_ENOUGH_CREDITS,
    );
    const other = await loginTourist(t.app);
    expect((await call(other.cookie, 'POST', '/aigc/image', { prompt: 'naked 15 year old' })).code).toBe(
      ErrorCode.CONTENT_POLICY,
    );
    expect((await call(other.cookie, 'POST', '/aigc/image', { prompt: 'a nude portrait' })).code).toBe(
      ErrorCode.NSFW_REQUIRED,
    );
    expect(
      (await call(other.cookie, 'POST', '/aigc/image', { builder: { clothing: 'lingerie' } })).code,
    ).toBe(ErrorCode.NSFW_REQUIRED);
    expect((await call(other.cookie, 'POST', '/aigc/image', { prompt: '' })).code).toBe(
      ErrorCode.INVALID_INPUT,
    );
  });

  it("takes the girl builder's voice: kept with the job, never drawn; another value is refused in the caller's language", async () => {
    const me = await loginTourist(t.app);
    const builder = {
      style: 'anime',
      ethnicity: 'asian',
      eyes: 'blue',
      hair_style: 'bun',
      hair_color: 'pink',
      body: 'slim',
      breast: 'small',
      butt: 'small',
      voice: 'bella',
      personality: 'sage',
      occupation: 'astronaut',
      relationship: 'friend',
      clothing: 'space suit',
    };
    const created = await call<{ id: string }>(me.cookie, 'POST', '/aigc/image', { builder });
    expect(created.code).toBe(0);
    await waitFor(me.cookie, created.data.id, 'done');
    const [row] = await t.database.db
      .select({ input: jobs.input })
      .from(jobs)
      .where(eq(jobs.id, created.data.id));
    expect((row?.input as { builder: Record<string, unknown> }).builder).toMatchObject({ voice: 'bella' });
    const prompt = engine.drawn.at(-1) ?? '';
    expect(prompt).toContain('astronaut');
    expect(prompt).not.toContain('bella');

    for (const voice of ['adam', 'Bella', '', 7]) {
      for (const locale of ['en', 'ar'] as const) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/cgi-bin/auth/aigc/image',
          headers: { cookie: me.cookie, 'x-locale': locale },
          payload: { builder: { ...builder, voice } },
        });
        expect(res.statusCode).toBe(200);
        const body = res.json<Envelope<unknown>>();
        expect(body.code).toBe(ErrorCode.INVALID_INPUT);
        expect(body.message).toBe(messagesFile(locale).invalid_field.replace('{{field}}', 'builder.voice'));
      }
    }
  });

  it('keeps fast generations and the advanced model for paying users after the free ones', async () => {
    const me = await loginTourist(t.app);
    expect(await call(me.cookie, 'POST', '/aigc/image', { prompt: 'x', model: 'advanced' })).toMatchObject({
      code: ErrorCode.FORBIDDEN,
      message: en.advanced_paid_only,
    });
    await t.app.services.credits.grant(me.uid, {
      amount: 1000,
      expiresAt: new Date(now + 86_400_000),
      source: 'test',
      sourceRef: me.uid,
      reason: 'test',
    });
    // A paying user: the advanced model and fast lane without limit.
    expect(
      (await call(me.cookie, 'POST', '/aigc/image', { prompt: 'x', model: 'advanced', speed: 'fast' })).code,
    ).toBe(0);
    const free = await loginTourist(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      // Let each one finish so the per-user cap does not answer first.
      const res = await call<{ id: string }>(free.cookie, 'POST', '/aigc/image', {
        prompt: `fast ${i}`,
        speed: 'fast',
      });
      statuses.push(res.code);
      if (res.code === 0) await waitFor(free.cookie, res.data.id, 'done');
      else expect(res.message).toBe(en.fast_limit_other?.replace('{{count}}', '5'));
    }
    expect(statuses).toEqual([0, 0, 0, 0, 0, ErrorCode.FORBIDDEN]);
    // Tomorrow (UTC) there are five again.
    now += 86_400_000;
    try {
      const tomorrow = await loginTourist(t.app, free.code);
      expect(
        (await call(tomorrow.cookie, 'POST', '/aigc/image', { prompt: 'fast again', speed: 'fast' })).code,
      ).toBe(0);
    } finally {
      now -= 86_400_000;
    }
  });

  it('shares a result: a public page and the explore gallery, adult ones hidden from others', async () => {
    const me = await loginTourist(t.app);
    const { data } = await call<{ id: string }>(me.cookie, 'POST', '/aigc/image', {
      preset: 'anime-chibi',
      prompt: '',
    });
    await waitFor(me.cookie, data.id, 'done');
    const shared = await call<SharedImage>(me.cookie, 'POST', '/aigc/image/share', { id: data.id, index: 0 });
    expect(shared.data).toMatchObject({
      tool: 'anime',
      preset: 'anime-chibi',
    });
    expect(shared.data.prompt).toContain('chibi');
    const again = await call<SharedImage>(me.cookie, 'POST', '/aigc/image/share', { id: data.id, index: 0 });
    expect(again.data.share_id).toBe(shared.data.share_id);
    const page = await t.app.inject({ method: 'GET', url: `/cgi-bin/share/${shared.data.share_id}` });
    expect(page.json<Envelope<SharedImage>>().data.url).toBe(shared.data.url);
    expect((await t.app.inject({ method: 'GET', url: shared.data.url })).statusCode).toBe(200);
    const explore = await t.app.inject({ method: 'GET', url: '/cgi-bin/explore?tool=anime' });
    expect(explore.json<Envelope<{ images: SharedImage[] }>>().data.images.map((i) => i.share_id)).toContain(
      shared.data.share_id,
    );
    const stranger = await loginTourist(t.app);
    expect((await call(stranger.cookie, 'POST', '/aigc/image/share', { id: data.id, index: 0 })).code).toBe(
      ErrorCode.NOT_FOUND,
    );
    const history = await call<{ items: ImageHistoryItem[] }>(
      me.cookie,
      'GET',
      '/aigc/image/history?tool=anime',
    );
    expect(history.data.items[0]).toMatchObject({
      id: data.id,
      tool: 'anime',
      images: [{ share_id: shared.data.share_id }],
    });

    // An adult image, shared, is not shown to visitors without the setting.
    await t.database.db.update(users).set({ enableNsfw: true }).where(eq(users.id, me.uid));
    t.app.services.sessions.forgetUser(me.uid);
    const adult = await call<{ id: string }>(me.cookie, 'POST', '/aigc/image', {
      prompt: 'a nude figure study',
    });
    expect(adult.code).toBe(0);
    await waitFor(me.cookie, adult.data.id, 'done');
    const adultShare = await call<SharedImage>(me.cookie, 'POST', '/aigc/image/share', {
      id: adult.data.id,
      index: 0,
    });
    const owner = await t.app.inject({
      method: 'GET',
      url: `/cgi-bin/share/${adultShare.data.share_id}`,
      headers: { cookie: me.cookie },
    });
    expect(owner.json()).toMatchObject({ code: 0 });
    const hidden = await t.app.inject({ method: 'GET', url: `/cgi-bin/share/${adultShare.data.share_id}` });
    expect(hidden.json()).toMatchObject({ code: ErrorCode.NOT_FOUND });
  });
});

describe('the queue', () => {
  let drawn = 0;
  // Not the preview renderer: its pictures are free, and these tests follow the credits.
  const engine: ImageEngine = {
    id: 'count',
    preview: false,
    generate: async (request) => {
      drawn++;
      return new PreviewImageEngine().generate({ ...request, width: 32, height: 32 });
    },
  };
  let now = Date.parse('2026-06-02T10:00:00Z');
  // No worker in the app: the tests start and stop their own. No picture classifier: these
  // tests time the queue, not moderation (image-moderation.int.test.ts tests that).
  const t = useTestApp({
    imageEngine: engine,
    clock: () => new Date(now),
    env: { RUN_WORKERS: 'false', MODERATION_IMAGES: 'off' },
  });

  const create = async (cookie: string, body: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/cgi-bin/auth/aigc/image',
      headers: { cookie },
      payload: body,
    });
    const env = res.json<Envelope<{ id: string }>>();
    if (env.code !== 0) throw new Error(env.message);
    return env.data.id;
  };
  const status = async (cookie: string, id: string) =>
    (
      await t.app.inject({ method: 'GET', url: `/cgi-bin/auth/aigc/status?id=${id}`, headers: { cookie } })
    ).json<Envelope<JobStatus>>().data;
  const worker = (concurrency = 1) =>
    new Worker({
      queue: t.app.services.queue,
      handlers: { image: t.app.services.images.handler },
      concurrency,
      listen: (onJob) => t.database.listen(JOBS_CHANNEL, onJob),
      log: { error: () => undefined },
      pollMs: 50,
    });

  it('orders the fast lane first, shows positions and a wait, and caps open jobs per user', async () => {
    const a = await loginTourist(t.app);
    const b = await loginTourist(t.app);
    const slow1 = await create(a.cookie, { prompt: 'slow 1' });
    now += 10;
    const slow2 = await create(b.cookie, { prompt: 'slow 2' });
    now += 10;
    const fast = await create(b.cookie, { prompt: 'fast', speed: 'fast' });
    expect(await status(b.cookie, fast)).toMatchObject({
      state: 'queued',
      position: 0,
    });
    expect((await status(b.cookie, fast)).wait_seconds).toBeGreaterThan(0);
    expect(await status(a.cookie, slow1)).toMatchObject({ position: 1 });
    expect(await status(b.cookie, slow2)).toMatchObject({ position: 2 });
    now += 10;
    await create(a.cookie, { prompt: 'slow 3' });
    now += 10;
    await create(a.cookie, { prompt: 'slow 4' });
    now += 10;
    await create(a.cookie, { prompt: 'slow 5' });
    const capped = await t.app.inject({
      method: 'POST',
      url: '/cgi-bin/auth/aigc/image',
      headers: { cookie: a.cookie },
      payload: { prompt: 'one too many' },
    });
    expect(capped.json()).toMatchObject({ code: ErrorCode.TOO_FREQUENT, message: en.too_frequent });

    const order: string[] = [];
    for (;;) {
      const job = await t.app.services.queue.claim(['image'], 'test-worker');
      if (!job) break;
      order.push((job.input as { prompt: string }).prompt);
      await t.app.services.queue.complete(job.id, 'test-worker', { images: [] }, true);
    }
    expect(order).toEqual(['fast', 'slow 1', 'slow 2', 'slow 3', 'slow 4', 'slow 5']);
  });

  it('retries a job whose worker died once, then fails it and refunds', async () => {
    const me = await loginTourist(t.app);
    const id = await create(me.cookie, { prompt: 'doomed' });
    const before = await t.app.services.credits.balance(me.uid);
    // A worker claims it and dies (no heartbeat, no finish).
    expect((await t.app.services.queue.claim(['image'], 'dead-1'))?.id).toBe(id);
    expect((await status(me.cookie, id)).state).toBe('running');
    expect(await t.app.services.queue.recover()).toEqual({ retried: 0, failed: 0 });
    now += 31_000;
    expect(await t.app.services.queue.recover()).toEqual({ retried: 1, failed: 0 });
    expect((await status(me.cookie, id)).state).toBe('queued');
    expect((await t.app.services.queue.claim(['image'], 'dead-2'))?.attempts).toBe(2);
    now += 31_000;
    expect(await t.app.services.queue.recover()).toEqual({ retried: 0, failed: 1 });
    expect(await status(me.cookie, id)).toMatchObject({ state: 'failed', message: en.generation_failed });
    expect((await t.app.services.credits.balance(me.uid)).remain).toBe(before.remain + 3);
    // The late worker's result is not taken: the job is no longer its.
    expect(await t.app.services.queue.complete(id, 'dead-2', { images: [] }, true)).toBe(false);
  });

  it('finishes what a stopped server left running when it starts again', async () => {
    const me = await loginTourist(t.app);
    const id = await create(me.cookie, { prompt: 'interrupted' });
    await t.app.services.queue.claim(['image'], 'old-process');
    const w = new Worker({
      queue: t.app.services.queue,
      handlers: { image: t.app.services.images.handler },
      concurrency: 1,
      listen: (onJob) => t.database.listen(JOBS_CHANNEL, onJob),
      log: { error: () => undefined },
      pollMs: 50,
      recoverAllAtStart: true,
    });
    await w.start();
    try {
      await expect.poll(async () => (await status(me.cookie, id)).state, { timeout: 5000 }).toBe('done');
    } finally {
      await w.stop();
    }
  });

  it('runs every job exactly once with several workers at once', async () => {
    const users = await Promise.all(Array.from({ length: 10 }, () => loginTourist(t.app)));
    const ids: string[] = [];
    for (const u of users)
      for (let i = 0; i < 3; i++) ids.push(await create(u.cookie, { prompt: `job ${i}` }));
    drawn = 0;
    const workers = [worker(2), worker(2), worker(3), worker(1)];
    const claimedBy = new Map<string, Set<string>>();
    await Promise.all(workers.map((w) => w.start()));
    try {
      await expect
        .poll(
          async () => {
            const result: unknown = await t.database.db.execute(
              sql`SELECT count(*)::int AS n FROM jobs WHERE id IN (${sql.join(
                ids.map((i) => sql`${i}`),
                sql`, `,
              )}) AND state = 'done'`,
            );
            return (result as { rows: { n: number }[] }).rows[0]?.n;
          },
          { timeout: 15_000 },
        )
        .toBe(ids.length);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
    const rows = await t.database.db
      .select({ id: jobs.id, attempts: jobs.attempts, worker: jobs.worker })
      .from(jobs);
    for (const row of rows.filter((r) => ids.includes(r.id))) {
      expect(row.attempts).toBe(1);
      claimedBy.set(row.worker ?? '', (claimedBy.get(row.worker ?? '') ?? new Set()).add(row.id));
    }
    expect(drawn).toBe(ids.length);
    expect(claimedBy.size).toBeGreaterThan(1);
  });
});
