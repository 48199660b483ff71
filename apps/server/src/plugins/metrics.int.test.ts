import { ErrorCode, type JobStatus } from '@lumi/contract';
import { EngineError, PreviewImageEngine, type ImageEngine, type ImageRequest } from '@lumi/engines';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '../db/schema';
import {
  callAs,
  creditsLeft,
  loginTourist,
  useTestApp,
  withTestApp,
  type Envelope,
  type TestApp,
} from '../../test/helpers';
import { parseExposition, valueOf, type Sample } from '../../test/metrics-text';

const TOKEN = 'metrics-token-0123456789';
const bearer = { authorization: `Bearer ${TOKEN}` };

/** An image engine the test steers: it fails when told, and waits for a go when told. */
class ScriptedEngine implements ImageEngine {
  readonly id = 'scripted';
  readonly preview = false;
  failWith: EngineError | undefined;
  gate: Promise<void> | undefined;
  private readonly inner = new PreviewImageEngine();
  async generate(request: ImageRequest) {
    if (this.gate) await this.gate;
    if (this.failWith) throw this.failWith;
    return this.inner.generate({ ...request, width: 64, height: 64 });
  }
}

async function scrape(t: TestApp): Promise<Sample[]> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain');
  return parseExposition(res.body);
}

async function makeImage(t: TestApp, cookie: string, headers: Record<string, string> = {}) {
  const res = await callAs(
    t.app,
    'POST',
    '/cgi-bin/auth/aigc/image',
    cookie,
    { prompt: 'a lighthouse at dusk', count: 1, size: '1024x768' },
    headers,
  );
  const env = res.json<Envelope<{ id: string }>>();
  expect(env.code, env.message).toBe(0);
  return env.data.id;
}

async function settled(t: TestApp, cookie: string, id: string): Promise<JobStatus> {
  let status: JobStatus | undefined;
  await expect
    .poll(
      async () => {
        const res = await callAs(t.app, 'GET', `/cgi-bin/auth/aigc/status?id=${id}`, cookie);
        status = res.json<Envelope<JobStatus>>().data;
        return status.state;
      },
      { timeout: 10_000 },
    )
    .toMatch(/^(done|failed)$/);
  return status!;
}

describe('GET /metrics: what each action counts', () => {
  const engine = new ScriptedEngine();
  const lines: Record<string, unknown>[] = [];
  const t = useTestApp({
    env: { METRICS_TOKEN: TOKEN },
    imageEngine: engine,
    logger: {
      level: 'info',
      stream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    },
  });

  it('counts requests by route pattern, method and status, with their latency', async () => {
    await t.app.inject({ method: 'GET', url: '/livez' });
    await t.app.inject({ method: 'GET', url: '/cgi-bin/login/oauth/nowhere' });
    await t.app.inject({ method: 'GET', url: '/no/such/page/at/all' });
    const samples = await scrape(t);
    expect(
      valueOf(samples, 'lumi_http_requests_total', { method: 'GET', route: '/livez', status: '200' }),
    ).toBe(1);
    // The pattern, not the URL: one series for every provider asked for.
    const oauth = samples.filter(
      (s) => s.name === 'lumi_http_requests_total' && s.labels.route?.includes('oauth'),
    );
    expect(oauth.map((s) => s.labels.route)).toEqual(['/cgi-bin/login/oauth/:provider']);
    expect(
      samples.some((s) => s.labels.route?.includes('nowhere') || s.labels.route?.includes('/no/such')),
    ).toBe(false);
    expect(valueOf(samples, 'lumi_http_requests_total', { route: 'unmatched' })).toBeGreaterThanOrEqual(1);
    expect(
      valueOf(samples, 'lumi_http_request_duration_seconds_count', { method: 'GET', route: '/livez' }),
    ).toBe(1);
    expect(
      valueOf(samples, 'lumi_http_request_duration_seconds_bucket', { route: '/livez', le: '+Inf' }),
    ).toBe(1);
    // The process's own metrics come along.
    for (const name of [
      'process_cpu_user_seconds_total',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(valueOf(samples, name), name).toBeDefined();
    }
  });

  it('counts a sign-in, the daily grant, a spend and a job run with its engine', async () => {
    const me = await loginTourist(t.app);
    const before = await scrape(t);
    const signIns = valueOf(before, 'lumi_sign_ins_total', { method: 'tourist' }) ?? 0;
    expect(signIns).toBeGreaterThanOrEqual(1);
    await loginTourist(t.app);
    const id = await makeImage(t, me.cookie);
    expect((await settled(t, me.cookie, id)).state).toBe('done');
    const spent = 30 - (await creditsLeft(t.app, me.cookie));

    const after = await scrape(t);
    expect(valueOf(after, 'lumi_sign_ins_total', { method: 'tourist' })).toBe(signIns + 1);
    expect(valueOf(after, 'lumi_credits_granted_total', { source: 'daily' })).toBe(30);
    const spends = after.filter((s) => s.name === 'lumi_credits_spent_total');
    expect(spends).toHaveLength(1);
    expect(spends[0]!.labels.reason).toMatch(/^image [a-z_ ]+$/);
    expect(spends[0]!.value).toBe(spent);
    const run = { kind: 'image', engine: 'scripted', outcome: 'done' };
    expect(valueOf(after, 'lumi_job_run_duration_seconds_count', run)).toBe(1);
    expect(valueOf(after, 'lumi_job_run_duration_seconds_sum', run)).toBeGreaterThan(0);
    expect(valueOf(after, 'lumi_jobs_queued', { kind: 'image' })).toBe(0);
    expect(valueOf(after, 'lumi_jobs_running', { kind: 'speech' })).toBe(0);
  });

  it('counts a failed job, its engine error and the refund', async () => {
    const me = await loginTourist(t.app);
    engine.failWith = new EngineError('unavailable', 'the GPU server is down');
    try {
      const id = await makeImage(t, me.cookie);
      expect((await settled(t, me.cookie, id)).state).toBe('failed');
    } finally {
      engine.failWith = undefined;
    }
    expect(await creditsLeft(t.app, me.cookie)).toBe(30);
    const samples = await scrape(t);
    const labels = { kind: 'image', engine: 'scripted' };
    expect(valueOf(samples, 'lumi_job_failures_total', { ...labels, reason: 'unavailable' })).toBe(1);
    expect(valueOf(samples, 'lumi_job_run_duration_seconds_count', { ...labels, outcome: 'failed' })).toBe(1);
    expect(
      valueOf(samples, 'lumi_engine_errors_total', {
        capability: 'image',
        engine: 'scripted',
        kind: 'unavailable',
      }),
    ).toBe(1);
    expect(valueOf(samples, 'lumi_credits_refunded_total')).toBeGreaterThan(0);
  });

  it('counts a moderation refusal by surface and category', async () => {
    const me = await loginTourist(t.app);
    const res = await callAs(t.app, 'POST', '/cgi-bin/auth/aigc/image', me.cookie, {
      prompt: 'a naked 15 year old girl on a bed',
    });
    expect(res.json<Envelope>().code).toBe(ErrorCode.CONTENT_POLICY);
    const samples = await scrape(t);
    expect(
      valueOf(samples, 'lumi_moderation_refusals_total', {
        surface: 'image_prompt',
        category: 'sexual/minors',
      }),
    ).toBe(1);
  });

  it('counts payment notices by provider and outcome', async () => {
    const stripe = await t.app.inject({
      method: 'POST',
      url: '/cgi-bin/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=forged' },
      payload: '{"id":"evt_1"}',
    });
    expect(stripe.statusCode).toBe(400);
    const crypto = await t.app.inject({
      method: 'POST',
      url: '/cgi-bin/webhooks/nowpayments',
      headers: { 'content-type': 'application/json', 'x-nowpayments-sig': 'forged' },
      payload: { payment_id: 1, payment_status: 'finished' },
    });
    expect(crypto.statusCode).toBe(400);
    const samples = await scrape(t);
    expect(valueOf(samples, 'lumi_payment_webhooks_total', { provider: 'stripe', outcome: 'refused' })).toBe(
      1,
    );
    expect(
      valueOf(samples, 'lumi_payment_webhooks_total', { provider: 'nowpayments', outcome: 'refused' }),
    ).toBe(1);
  });

  it("carries a request's id into its job and the worker's log lines of it", async () => {
    const me = await loginTourist(t.app);
    const reqId = 'trace-0f3a9c.42';
    const id = await makeImage(t, me.cookie, { 'x-request-id': reqId });
    await settled(t, me.cookie, id);
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row?.requestId).toBe(reqId);
    // The request's own lines (Fastify's) and the worker's share the reqId.
    const request = lines.filter((l) => l.reqId === reqId && !l.jobId);
    expect(request.map((l) => l.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed']),
    );
    const worker = lines.filter((l) => l.jobId === id);
    expect(worker.map((l) => l.msg)).toEqual(['job started', 'job done']);
    for (const line of worker) expect(line).toMatchObject({ reqId, kind: 'image' });
    // A request id that is not well formed is replaced, and the job carries the server's own.
    const other = await callAs(
      t.app,
      'POST',
      '/cgi-bin/auth/aigc/image',
      me.cookie,
      { prompt: 'a boat', count: 1 },
      {
        'x-request-id': 'not "well" formed',
      },
    );
    const given = String(other.headers['x-request-id']);
    expect(given).not.toBe('not "well" formed');
    const otherId = other.json<Envelope<{ id: string }>>().data.id;
    const [otherRow] = await t.database.db.select().from(jobs).where(eq(jobs.id, otherId));
    expect(otherRow?.requestId).toBe(given);
    await settled(t, me.cookie, otherId);
  });
});

describe('GET /metrics: the queue as the jobs table has it', () => {
  const engine = new ScriptedEngine();
  let now = Date.parse('2026-06-01T10:00:00Z');
  const t = useTestApp({
    env: { METRICS_TOKEN: TOKEN, WORKER_CONCURRENCY: '1' },
    imageEngine: engine,
    clock: () => new Date(now),
  });

  it('shows jobs queued and running per kind, and how long the oldest has waited', async () => {
    let go!: () => void;
    engine.gate = new Promise((resolve) => (go = resolve));
    const me = await loginTourist(t.app);
    const first = await makeImage(t, me.cookie);
    now += 1000;
    const second = await makeImage(t, me.cookie);
    await expect.poll(async () => (await t.app.services.queue.find(first))?.state).toBe('running');
    now += 7000;
    const samples = await scrape(t);
    expect(valueOf(samples, 'lumi_jobs_running', { kind: 'image' })).toBe(1);
    expect(valueOf(samples, 'lumi_jobs_queued', { kind: 'image' })).toBe(1);
    expect(valueOf(samples, 'lumi_jobs_oldest_queued_seconds', { kind: 'image' })).toBeCloseTo(7, 0);
    expect(valueOf(samples, 'lumi_jobs_queued', { kind: 'faceswap' })).toBe(0);
    go();
    engine.gate = undefined;
    await settled(t, me.cookie, first);
    await settled(t, me.cookie, second);
  });
});

describe('who may read the metrics', () => {
  it('without METRICS_TOKEN or METRICS_PORT: nobody (404 on the main port)', async () => {
    await withTestApp({}, async (t) => {
      for (const headers of [{}, bearer]) {
        const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(res.statusCode).toBe(404);
        expect(res.json<Envelope>().code).toBe(ErrorCode.NOT_FOUND);
        expect(res.body).not.toContain('lumi_');
      }
      expect(t.app.metrics.port).toBeUndefined();
    });
  });

  it('with METRICS_TOKEN: the main port asks for the bearer token, and refuses a wrong one', async () => {
    await withTestApp({ env: { METRICS_TOKEN: TOKEN } }, async (t) => {
      for (const authorization of [
        undefined,
        'Bearer wrong-token-0123456789',
        `Basic ${TOKEN}`,
        TOKEN,
        'Bearer ',
      ]) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/metrics',
          headers: authorization === undefined ? {} : { authorization },
        });
        expect(res.statusCode, authorization).toBe(401);
        expect(res.headers['www-authenticate']).toBe('Bearer');
        expect(res.body).not.toContain('lumi_');
      }
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('# TYPE lumi_http_requests_total counter');
    });
  });

  it('with METRICS_PORT: served there on loopback (with /livez and /readyz), and not on the main port', async () => {
    await withTestApp({ env: { METRICS_PORT: '0' } }, async (t) => {
      const port = t.app.metrics.port;
      expect(port).toBeGreaterThan(0);
      const base = `http://127.0.0.1:${port}`;
      const metrics = await fetch(`${base}/metrics`);
      expect(metrics.status).toBe(200);
      expect(metrics.headers.get('content-type')).toContain('text/plain');
      expect(await metrics.text()).toContain('lumi_jobs_queued{kind="image"} 0');
      expect((await fetch(`${base}/livez`)).status).toBe(200);
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ status: 'ok', checks: { database: { ok: true } } });
      expect((await fetch(`${base}/cgi-bin/auth/credit/remain`)).status).toBe(404);
      expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(405);
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    });
  });

  it('with both: the metrics port asks for the token too', async () => {
    await withTestApp({ env: { METRICS_PORT: '0', METRICS_TOKEN: TOKEN } }, async (t) => {
      const url = `http://127.0.0.1:${t.app.metrics.port}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      expect((await fetch(url, { headers: { authorization: 'Bearer nope-nope-nope-nope' } })).status).toBe(
        401,
      );
      expect((await fetch(url, { headers: bearer })).status).toBe(200);
    });
  });
});
