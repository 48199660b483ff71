import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ErrorCode,
  type OperatorEngine,
  type OperatorJob,
  type OperatorLogEntry,
  type OperatorOrder,
  type OperatorUserDetail,
  type OperatorUserSummary,
} from '@lumi/contract';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditEntries, orders, users } from '../../db/schema';
import { DevOutbox } from '../../lib/mailer';
import { fakeNowPayments, fakeStripe } from '../../../test/fake-payments';
import { envelopeCaller, loginTourist, messagesFile, signInByEmail, useTestApp } from '../../../test/helpers';
import { probe } from './engine-health';

const en = messagesFile('en');
const STRIPE_KEY = 'sk_test_operator';
const WEBHOOK_SECRET = 'whsec_operator_secret';
const stripe = new Stripe('sk_test_unused', { telemetry: false });
const DAILY = 30;

describe('the operator console', () => {
  let stripeApi: Awaited<ReturnType<typeof fakeStripe>>;
  let nowApi: Awaited<ReturnType<typeof fakeNowPayments>>;
  const outbox = new DevOutbox(() => undefined);
  beforeAll(async () => {
    stripeApi = await fakeStripe({ secretKey: STRIPE_KEY });
    nowApi = await fakeNowPayments({ apiKey: 'np-key' });
  });
  afterAll(async () => {
    await stripeApi.close();
    await nowApi.close();
  });
  const t = useTestApp(() => ({
    mailer: outbox,
    env: {
      STRIPE_SECRET_KEY: STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripeApi.url,
      NOWPAYMENTS_API_KEY: 'np-key',
      NOWPAYMENTS_IPN_SECRET: 'ipn-secret',
      NOWPAYMENTS_API_URL: nowApi.url,
      PUBLIC_URL: 'https://lumi.test',
      ADMIN_EMAILS: 'ops@lumi.test',
      // Jobs stay where the tests put them: no worker takes them.
      RUN_WORKERS: 'false',
    },
  }));
  const admin = envelopeCaller(t, '/cgi-bin/admin/operator');
  const auth = envelopeCaller(t, '/cgi-bin/auth');
  let ops: { cookie: string; uid: string };
  let buyer: { cookie: string; uid: string };
  let buyerEmail: string;

  beforeAll(async () => {
    ops = await signInByEmail(t, outbox, 'ops@lumi.test');
    buyerEmail = 'buyer.one@lumi.test';
    buyer = await signInByEmail(t, outbox, buyerEmail);
  });

  const remain = async (who: { cookie: string }) =>
    (await auth<{ remain: number }>('GET', '/credit/remain', who)).data.remain;
  const detail = async (id: string, page = 1) =>
    (await admin<OperatorUserDetail>('GET', `/user?id=${id}&ledger_page=${page}`, ops)).data;
  const log = async (query = '') =>
    (await admin<{ entries: OperatorLogEntry[]; has_more: boolean }>('GET', `/log${query}`, ops)).data;
  const credits = (
    userId: string,
    action: 'grant' | 'take_back',
    amount: number,
    reason = 'support ticket 42',
  ) =>
    admin<{ delta: number; remain: number; log_id: number }>('POST', '/credits', ops, {
      user_id: userId,
      action,
      amount,
      reason,
    });

  it('refuses everyone but an admin, before anything is done', async () => {
    const tourist = await loginTourist(t.app);
    const calls: [string, 'GET' | 'POST', object?][] = [
      [`/users?q=${encodeURIComponent(buyerEmail)}`, 'GET'],
      [`/user?id=${buyer.uid}`, 'GET'],
      ['/credits', 'POST', { user_id: buyer.uid, action: 'grant', amount: 500, reason: 'I want them' }],
      ['/order/refund', 'POST', { order_id: buyer.uid, reason: 'please' }],
      ['/ban', 'POST', { user_id: ops.uid, banned: true, reason: 'coup' }],
      ['/jobs?state=queued', 'GET'],
      ['/job', 'POST', { job_id: buyer.uid, action: 'cancel', reason: 'nope' }],
      ['/engines', 'GET'],
      ['/log', 'GET'],
    ];
    for (const [url, method, body] of calls) {
      expect((await admin(method, url, null, body)).code, `nobody ${url}`).toBe(ErrorCode.NO_SESSION);
      expect((await admin(method, url, tourist, body)).code, `tourist ${url}`).toBe(ErrorCode.FORBIDDEN);
      expect((await admin(method, url, buyer, body)).code, `user ${url}`).toBe(ErrorCode.FORBIDDEN);
    }
    expect(await remain(buyer)).toBe(DAILY);
    expect((await log()).entries).toHaveLength(0);
  });

  it('finds a user by email (any case, or its beginning) and by id', async () => {
    const byEmail = await admin<{ users: OperatorUserSummary[] }>(
      'GET',
      `/users?q=${encodeURIComponent('BUYER.ONE@lumi.test')}`,
      ops,
    );
    expect(byEmail.data.users.map((u) => u.id)).toEqual([buyer.uid]);
    const byStart = await admin<{ users: OperatorUserSummary[] }>('GET', '/users?q=buyer.', ops);
    expect(byStart.data.users.map((u) => u.email)).toContain(buyerEmail);
    // LIKE's wildcards are only letters here.
    expect((await admin<{ users: unknown[] }>('GET', '/users?q=%25', ops)).data.users).toEqual([]);
    const byId = await admin<{ users: OperatorUserSummary[] }>('GET', `/users?q=${buyer.uid}`, ops);
    expect(byId.data.users[0]).toMatchObject({ id: buyer.uid, email: buyerEmail, banned: false });
    const unknown = await admin('GET', '/user?id=00000000-0000-4000-8000-000000000000', ops);
    expect(unknown.code).toBe(ErrorCode.NOT_FOUND);
    const bad = await admin('GET', '/user?id=nope', ops);
    expect(bad.code).toBe(ErrorCode.INVALID_INPUT);
  });

  it('grants and takes back credits with a reason, never below zero, each in the audit log', async () => {
    const granted = await credits(buyer.uid, 'grant', 100, 'goodwill after outage');
    expect(granted.code).toBe(0);
    expect(granted.data).toMatchObject({ delta: 100, remain: DAILY + 100 });
    expect(await remain(buyer)).toBe(DAILY + 100);

    const taken = await credits(buyer.uid, 'take_back', 40, 'granted twice by mistake');
    expect(taken.data).toMatchObject({ delta: -40, remain: DAILY + 60 });

    // More than they have: nothing taken, and said so.
    const short = await credits(buyer.uid, 'take_back', DAILY + 61);
    expect(short.code).toBe(ErrorCode.OPERATION_FAILED);
    expect(short.message).toBe(en.take_back_short);
    expect(await remain(buyer)).toBe(DAILY + 60);

    // No reason, no change.
    const noReason = await admin('POST', '/credits', ops, {
      user_id: buyer.uid,
      action: 'grant',
      amount: 5,
      reason: ' ',
    });
    expect(noReason.code).toBe(ErrorCode.INVALID_INPUT);

    const seen = await detail(buyer.uid);
    expect(seen.balance).toMatchObject({ remain: DAILY + 60, free: DAILY, paid: 60 });
    expect(seen.buckets.find((b) => b.source === 'admin')).toMatchObject({ amount: 100, remaining: 60 });
    const moves = seen.ledger.entries.map((e) => [e.kind, e.delta, e.reason]);
    expect(moves[0]).toEqual(['revoke', -40, 'operator take-back']);
    expect(moves).toContainEqual(['grant', 100, 'operator grant']);
    expect(moves).toContainEqual(['grant', DAILY, 'daily free credits']);

    const entries = (await log(`?target_type=user&target_id=${buyer.uid}`)).entries;
    expect(entries.map((e) => [e.action, e.reason, e.admin?.email])).toEqual([
      ['credits_take_back', 'granted twice by mistake', 'ops@lumi.test'],
      ['credits_grant', 'goodwill after outage', 'ops@lumi.test'],
    ]);
    expect(entries[1]!.details).toMatchObject({ amount: 100, days: 365 });
  });

  it('runs two take-backs at once one after the other: the second never overdraws', async () => {
    const who = await signInByEmail(t, outbox, 'racer@lumi.test');
    await credits(who.uid, 'grant', 70);
    const total = DAILY + 70;
    const [a, b] = await Promise.all([credits(who.uid, 'take_back', 60), credits(who.uid, 'take_back', 60)]);
    const codes = [a.code, b.code].sort();
    expect(codes).toEqual([0, ErrorCode.OPERATION_FAILED].sort());
    expect(await remain(who)).toBe(total - 60);
    const revoked = await t.database.db
      .select({ delta: creditEntries.delta })
      .from(creditEntries)
      .where(eq(creditEntries.userId, who.uid));
    expect(revoked.filter((e) => e.delta < 0).reduce((s, e) => s + e.delta, 0)).toBe(-60);
    // Both at once again, each fitting: both taken, exactly.
    const [c, d] = await Promise.all([credits(who.uid, 'take_back', 20), credits(who.uid, 'take_back', 20)]);
    expect([c.code, d.code]).toEqual([0, 0]);
    expect(await remain(who)).toBe(total - 100);
  });

  // ---- orders ----

  async function paidCardOrder(who: { cookie: string }, paymentIntent: string) {
    const checkout = await auth<{ order_id: string }>('POST', '/v5pay/create-checkout-session', who, {
      plan: 'week',
    });
    expect(checkout.code).toBe(0);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, checkout.data.order_id));
    const payload = JSON.stringify({
      id: `evt_${paymentIntent}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: row!.providerRef,
          object: 'checkout.session',
          payment_status: 'paid',
          amount_total: row!.amountCents,
          currency: 'usd',
          client_reference_id: row!.id,
          metadata: { order_id: row!.id },
          payment_intent: paymentIntent,
        },
      },
    });
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const res = await t.app.inject({
      method: 'POST',
      url: '/cgi-bin/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    expect(res.json<{ granted: boolean }>().granted).toBe(true);
    return row!;
  }

  const refund = (orderId: string, reason = 'customer asked within 14 days') =>
    admin<{ order: OperatorOrder; credits_reversed: number; credits_short: number; log_id: number }>(
      'POST',
      '/order/refund',
      ops,
      { order_id: orderId, reason },
    );

  it("refunds a Stripe order through Stripe's refunds API, takes its credits back, and refuses a second time", async () => {
    const who = await signInByEmail(t, outbox, 'card.buyer@lumi.test');
    const order = await paidCardOrder(who, 'pi_operator_1');
    const before = await remain(who);
    expect(before).toBe(DAILY + order.credits);
    const listed = (await detail(who.uid)).orders[0]!;
    expect(listed).toMatchObject({
      id: order.id,
      status: 'paid',
      provider: 'stripe',
      payment_ref: 'pi_operator_1',
      provider_state: 'checkout.session.completed',
      refund_via: 'stripe',
    });

    const done = await refund(order.id);
    expect(done.code).toBe(0);
    expect(done.data).toMatchObject({ credits_reversed: order.credits, credits_short: 0 });
    expect(done.data.order.status).toBe('refunded');
    expect(done.data.order.refund_ref).toMatch(/^re_/);
    const sent = stripeApi.received.filter((r) => r.path === '/v1/refunds');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ payment_intent: 'pi_operator_1', 'metadata[order_id]': order.id });
    expect(sent[0]!.headers['idempotency-key']).toBe(`refund-${order.id}`);
    expect(sent[0]!.headers.authorization).toBe(`Bearer ${STRIPE_KEY}`);
    expect(await remain(who)).toBe(DAILY);

    const again = await refund(order.id);
    expect(again.code).toBe(ErrorCode.OPERATION_FAILED);
    expect(again.message).toBe(en.order_refunded_already);
    expect(stripeApi.received.filter((r) => r.path === '/v1/refunds')).toHaveLength(1);
    expect(await remain(who)).toBe(DAILY);
    const [entry] = (await log(`?target_type=order&target_id=${order.id}`)).entries;
    expect(entry).toMatchObject({ action: 'order_refund', reason: 'customer asked within 14 days' });
    expect(entry!.details).toMatchObject({ via: 'stripe', credits_reversed: order.credits });
  });

  it('refunds once when two operators refund the same order at the same moment', async () => {
    const who = await signInByEmail(t, outbox, 'twice@lumi.test');
    const order = await paidCardOrder(who, 'pi_operator_2');
    const results = await Promise.all([refund(order.id), refund(order.id)]);
    expect(results.map((r) => r.code).sort()).toEqual([0, ErrorCode.OPERATION_FAILED].sort());
    expect(await remain(who)).toBe(DAILY);
    // One refund at Stripe: the second request carried the same key and got the same refund.
    expect(stripeApi.refunded.has('pi_operator_2')).toBe(true);
    const entries = (await log(`?target_type=order&target_id=${order.id}`)).entries;
    expect(entries).toHaveLength(1);
  });

  it('takes back what is left when the buyer spent some, and leaves the order paid when Stripe refuses', async () => {
    const who = await signInByEmail(t, outbox, 'spender@lumi.test');
    const order = await paidCardOrder(who, 'pi_operator_3');
    const spend = order.credits - 10;
    await t.app.services.credits.spend(who.uid, DAILY + spend, 'test spending');
    expect(await remain(who)).toBe(10);
    const done = await refund(order.id);
    expect(done.data).toMatchObject({ credits_reversed: 10, credits_short: order.credits - 10 });
    expect(await remain(who)).toBe(0);

    const failing = await paidCardOrder(who, 'pi_failing_4');
    const refused = await refund(failing.id);
    expect(refused.code).toBe(ErrorCode.OPERATION_FAILED);
    expect(refused.message).toBe(en.refund_failed);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, failing.id));
    expect(row!.status).toBe('paid');
    expect(await remain(who)).toBe(failing.credits);
  });

  it('marks a NOWPayments order refunded by hand (no API call), with its credits taken back', async () => {
    const who = await signInByEmail(t, outbox, 'crypto@lumi.test');
    const [row] = await t.database.db
      .insert(orders)
      .values({
        userId: who.uid,
        plan: 'week',
        provider: 'nowpayments',
        testMode: false,
        status: 'paid',
        amountCents: 699,
        currency: 'usd',
        credits: 300,
        expiryDays: 7,
        locale: 'en',
        providerRef: '5999',
        paymentRef: '77001',
        paidAt: new Date(),
      })
      .returning();
    await t.app.services.credits.grant(who.uid, {
      amount: 300,
      expiresAt: new Date(Date.now() + 7 * 86_400_000),
      source: 'order',
      sourceRef: row!.id,
      reason: 'plan week',
    });
    const calls = nowApi.received.length;
    const done = await refund(row!.id, 'sent 6.99 USDT back to the payer, tx 0xabc');
    expect(done.code).toBe(0);
    expect(done.data.order).toMatchObject({ status: 'refunded', refund_ref: 'manual', refund_via: 'manual' });
    expect(done.data.credits_reversed).toBe(300);
    expect(nowApi.received.length).toBe(calls);
    expect(await remain(who)).toBe(DAILY);
    // An order that is not paid can't be refunded.
    const pending = await auth<{ order_id: string }>('POST', '/nowpayments/create-checkout-session', who, {
      plan: 'week',
    });
    const refused = await refund(pending.data.order_id);
    expect(refused.message).toBe(en.order_not_refundable);
  });

  // ---- bans ----

  it('bans and lifts the ban, with the reason, and never bans an admin', async () => {
    const who = await signInByEmail(t, outbox, 'spammer@lumi.test');
    const banned = await admin<{ banned: boolean; changed: boolean }>('POST', '/ban', ops, {
      user_id: who.uid,
      banned: true,
      reason: 'spam in public characters',
    });
    expect(banned.data).toMatchObject({ banned: true, changed: true });
    expect((await detail(who.uid)).user.banned_at).not.toBeNull();
    // The ban of issue 18 applies at once: nothing public from them.
    const made = await auth<{ id: number }>('POST', '/character/create', who, {});
    expect(made.code).not.toBe(0);
    const twice = await admin<{ changed: boolean }>('POST', '/ban', ops, {
      user_id: who.uid,
      banned: true,
      reason: 'again',
    });
    expect(twice.data.changed).toBe(false);
    const lifted = await admin<{ banned: boolean; changed: boolean }>('POST', '/ban', ops, {
      user_id: who.uid,
      banned: false,
      reason: 'appeal accepted',
    });
    expect(lifted.data).toMatchObject({ banned: false, changed: true });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, who.uid));
    expect(row!.bannedAt).toBeNull();

    const adminBan = await admin('POST', '/ban', ops, { user_id: ops.uid, banned: true, reason: 'test' });
    expect(adminBan.code).toBe(ErrorCode.OPERATION_FAILED);
    expect(adminBan.message).toBe(en.ban_admin);
    const entries = (await log(`?target_type=user&target_id=${who.uid}`)).entries;
    expect(entries.map((e) => [e.action, e.reason])).toEqual([
      ['user_unban', 'appeal accepted'],
      ['user_ban', 'spam in public characters'],
    ]);
  });

  // ---- jobs ----

  const submit = (userId: string, cost = 3) =>
    t.app.services.queue.submit(
      { userId, kind: 'image', lane: 1, input: { prompt: 'x' }, cost, preview: false, reason: 'image test' },
      { maxOpen: 100 },
    );
  const jobAction = (jobId: string, action: 'retry' | 'cancel') =>
    admin<{ job: OperatorJob }>('POST', '/job', ops, { job_id: jobId, action, reason: 'stuck for an hour' });

  it('lists the queue by state, and cancels a waiting job with its refund, once', async () => {
    const who = await signInByEmail(t, outbox, 'queued@lumi.test');
    const job = await submit(who.uid);
    expect(await remain(who)).toBe(DAILY - 3);
    const list = await admin<{ jobs: OperatorJob[]; counts: { queued: number } }>(
      'GET',
      `/jobs?state=queued&user_id=${who.uid}`,
      ops,
    );
    expect(list.data.jobs.map((j) => j.id)).toEqual([job.id]);
    expect(list.data.counts.queued).toBe(1);

    const cancelled = await jobAction(job.id, 'cancel');
    expect(cancelled.code).toBe(0);
    expect(cancelled.data.job).toMatchObject({ state: 'failed', error: 'job_cancelled', refunded: true });
    expect(await remain(who)).toBe(DAILY);
    const again = await jobAction(job.id, 'cancel');
    expect(again.message).toBe(en.job_not_cancellable);
    expect(await remain(who)).toBe(DAILY);
    // The owner reads why.
    const status = await auth<{ state: string; message: string }>('GET', `/aigc/status?id=${job.id}`, who);
    expect(status.data).toMatchObject({ state: 'failed', message: en.job_cancelled });
    const failed = await admin<{ jobs: OperatorJob[] }>('GET', `/jobs?state=failed&user_id=${who.uid}`, ops);
    expect(failed.data.jobs.map((j) => j.id)).toEqual([job.id]);
  });

  it('of a cancel and a worker finishing at the same moment, exactly one wins, and the refund is once', async () => {
    const who = await signInByEmail(t, outbox, 'race.jobs@lumi.test');
    let completed = 0;
    for (let round = 0; round < 6; round++) {
      const job = await submit(who.uid, 2);
      const claimed = await t.app.services.queue.claim(['image'], 'w-test');
      expect(claimed?.id).toBe(job.id);
      const finish = () =>
        round % 2 === 0
          ? t.app.services.queue.complete(job.id, 'w-test', { images: [] }, false)
          : t.app.services.queue.fail(job.id, 'w-test', 'generation_failed');
      const [finished, cancelled] =
        round % 3 === 0
          ? await Promise.all([finish(), jobAction(job.id, 'cancel')])
          : await Promise.all([jobAction(job.id, 'cancel'), finish()]).then(([c, f]) => [f, c] as const);
      expect(finished !== (cancelled.code === 0), `round ${round}`).toBe(true);
      const refunds = await t.database.db
        .select()
        .from(creditEntries)
        .where(eq(creditEntries.refundOf, job.spendOp!));
      // Refunded when cancelled, or when the worker failed it; never twice.
      const shouldRefund = cancelled.code === 0 || round % 2 === 1;
      expect(refunds.length, `round ${round}`).toBe(shouldRefund ? 1 : 0);
      if (!shouldRefund) completed++;
    }
    // Only the jobs a worker completed stay paid for.
    expect(await remain(who)).toBe(DAILY - 2 * completed);
  });

  it('retries a failed job, charging it again, and refuses what is not failed', async () => {
    const who = await signInByEmail(t, outbox, 'retry@lumi.test');
    const job = await submit(who.uid, 4);
    await t.app.services.queue.claim(['image'], 'w-retry');
    await t.app.services.queue.fail(job.id, 'w-retry', 'generation_failed');
    expect(await remain(who)).toBe(DAILY);
    const retried = await jobAction(job.id, 'retry');
    expect(retried.code).toBe(0);
    expect(retried.data.job).toMatchObject({ state: 'queued', attempts: 0, error: null, refunded: false });
    expect(await remain(who)).toBe(DAILY - 4);
    const notFailed = await jobAction(job.id, 'retry');
    expect(notFailed.message).toBe(en.job_not_retryable);
    // It fails again: refunded again, once.
    await t.app.services.queue.claim(['image'], 'w-retry');
    await t.app.services.queue.fail(job.id, 'w-retry', 'generation_failed');
    expect(await remain(who)).toBe(DAILY);

    // Without the credits to pay again: refused, nothing changes.
    const poor = await signInByEmail(t, outbox, 'poor@lumi.test');
    const costly = await submit(poor.uid, DAILY);
    await t.app.services.queue.claim(['image'], 'w-retry');
    await t.app.services.queue.fail(costly.id, 'w-retry', 'generation_failed');
    await t.app.services.credits.spend(poor.uid, DAILY, 'elsewhere');
    const short = await jobAction(costly.id, 'retry');
    expect(short.message).toBe(en.retry_short);
    const unknown = await jobAction('00000000-0000-4000-8000-000000000001', 'retry');
    expect(unknown.code).toBe(ErrorCode.NOT_FOUND);
  });

  // ---- engines and the log ----

  it("answers each engine's health from its jobs", async () => {
    const res = await admin<{ engines: OperatorEngine[] }>('GET', '/engines?probe=true', ops);
    expect(res.code).toBe(0);
    const byCapability = Object.fromEntries(res.data.engines.map((e) => [e.capability, e]));
    expect(Object.keys(byCapability)).toEqual(
      expect.arrayContaining(['chat', 'image', 'speech', 'voice_clone', 'faceswap', 'moderation']),
    );
    // The image jobs above: completions and failures this hour (a cancel is not the engine's failure).
    const image = byCapability.image!;
    expect(image.last_failure_at).not.toBeNull();
    expect(image.failures_last_hour).toBeGreaterThan(0);
    expect(image.last_error).toBe('generation_failed');
    expect(['degraded', 'down']).toContain(image.status);
    expect(byCapability.chat).toMatchObject({ offline: true, status: 'ok', probe: null });
  });

  it('probes a server within its time limit', async () => {
    const server = http.createServer((req, res) => {
      if (req.url === '/hang') return; // never answers
      res.writeHead(req.url === '/broken' ? 503 : 401).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect(await probe(`${base}/models`)).toMatchObject({ ok: true });
      expect(await probe(`${base}/broken`)).toMatchObject({ ok: false, error: 'HTTP 503' });
      const hung = await probe(`${base}/hang`, 200);
      expect(hung).toMatchObject({ ok: false, error: 'timeout' });
      expect(hung!.ms).toBeLessThan(2000);
      expect(await probe('http://127.0.0.1:9/')).toMatchObject({ ok: false, error: 'unreachable' });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it('pages the audit log, newest first', async () => {
    const first = await log('?page=1&page_size=2');
    expect(first.entries).toHaveLength(2);
    expect(first.has_more).toBe(true);
    const second = await log('?page=2&page_size=2');
    expect(second.entries[0]!.id).toBeLessThan(first.entries[1]!.id);
    const all = await log('?page_size=100');
    const actions = new Set(all.entries.map((e) => e.action));
    for (const action of [
      'credits_grant',
      'credits_take_back',
      'order_refund',
      'user_ban',
      'user_unban',
      'job_retry',
      'job_cancel',
    ]) {
      expect(actions).toContain(action);
    }
  });
});
