import { ErrorCode, type CheckoutData, type CreditRemain, type Order, type Purchase } from '@lumi/contract';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders, users } from '../../db/schema';
import { DevOutbox } from '../../lib/mailer';
import { fakeNowPayments, fakeStripe } from '../../../test/fake-payments';
import {
  callAs,
  useTestApp,
  withTestApp,
  loginTourist,
  messagesFile,
  signInByEmail,
  type Envelope,
} from '../../../test/helpers';
import { nowpaymentsSignature } from './gateways';

const en = messagesFile('en');
const fr = messagesFile('fr');
const DAY = 86_400_000;
const STRIPE_KEY = 'sk_test_local';
const WEBHOOK_SECRET = 'whsec_local_test_secret';
const NOW_KEY = 'np-key-local';
const IPN_SECRET = 'ipn-secret-local';
const stripe = new Stripe('sk_test_unused', { telemetry: false });

describe('buying credits with Stripe and NOWPayments', () => {
  let stripeApi: Awaited<ReturnType<typeof fakeStripe>>;
  let nowApi: Awaited<ReturnType<typeof fakeNowPayments>>;
  const outbox = new DevOutbox(() => undefined);
  // 23:00 UTC: the pack's expiry and the daily reset fall on different days.
  let now = Date.parse('2026-03-10T23:00:00Z');

  beforeAll(async () => {
    stripeApi = await fakeStripe({ secretKey: STRIPE_KEY });
    nowApi = await fakeNowPayments({ apiKey: NOW_KEY });
  });
  afterAll(async () => {
    await stripeApi.close();
    await nowApi.close();
  });
  const t = useTestApp(() => ({
    mailer: outbox,
    clock: () => new Date(now),
    env: {
      STRIPE_SECRET_KEY: STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripeApi.url,
      NOWPAYMENTS_API_KEY: NOW_KEY,
      NOWPAYMENTS_IPN_SECRET: IPN_SECRET,
      NOWPAYMENTS_API_URL: nowApi.url,
      PUBLIC_URL: 'https://lumi.test',
      ADMIN_EMAILS: 'admin@lumi.test',
    },
  }));

  const get = async <T>(cookie: string, url: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/cgi-bin/auth${url}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.json<Envelope<T>>();
  };
  const post = async <T>(
    cookie: string,
    url: string,
    payload: object,
    headers: Record<string, string> = {},
  ) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/cgi-bin/auth${url}`,
      headers: { cookie, ...headers },
      payload,
    });
    expect(res.statusCode).toBe(200);
    return res.json<Envelope<T>>();
  };
  const balance = async (cookie: string) => (await get<CreditRemain>(cookie, '/credit/remain')).data;
  const order = async (cookie: string, id: string) => (await get<Order>(cookie, `/pay/order?id=${id}`)).data;

  /** Starts a card checkout for the plan; answers the order id and the session Stripe made. */
  async function cardCheckout(cookie: string, plan = 'week') {
    const res = await post<CheckoutData>(cookie, '/v5pay/create-checkout-session', { plan });
    expect(res.code).toBe(0);
    const sent = stripeApi.received.at(-1);
    return { orderId: res.data.order_id, url: res.data.url, sent };
  }

  /** A checkout.session event for the order, as Stripe would send it, signed at `at` (ms). */
  function stripeEvent(
    orderRow: { id: string; providerRef: string | null },
    over: {
      type?: string;
      id?: string;
      payment_status?: string;
      amount_total?: number;
      secret?: string;
      at?: number;
    } = {},
  ) {
    const payload = JSON.stringify({
      id: over.id ?? `evt_${Math.random().toString(36).slice(2)}`,
      object: 'event',
      type: over.type ?? 'checkout.session.completed',
      created: Math.floor((over.at ?? now) / 1000),
      data: {
        object: {
          id: orderRow.providerRef,
          object: 'checkout.session',
          payment_status: over.payment_status ?? 'paid',
          amount_total: over.amount_total ?? 699,
          currency: 'usd',
          client_reference_id: orderRow.id,
          metadata: { order_id: orderRow.id },
          payment_intent: 'pi_123',
        },
      },
    });
    const signature = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: over.secret ?? WEBHOOK_SECRET,
      timestamp: Math.floor((over.at ?? now) / 1000),
    });
    return { payload, signature };
  }

  const deliverStripe = (event: { payload: string; signature: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/cgi-bin/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      payload: event.payload,
    });

  const orderRow = async (id: string) => {
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
    if (!row) throw new Error('no order');
    return row;
  };

  /** A new buyer with a card order started: their session, their balance before it, the order. */
  async function buyerWithOrder(email: string) {
    const me = await signInByEmail(t, outbox, email);
    const before = (await balance(me.cookie)).remain;
    const { orderId } = await cardCheckout(me.cookie);
    return { me, before, orderId, row: await orderRow(orderId) };
  }

  it('refuses guests, unknown or inactive plans and a price from the page', async () => {
    const guest = await loginTourist(t.app);
    expect(await post(guest.cookie, '/v5pay/create-checkout-session', { plan: 'week' })).toMatchObject({
      code: ErrorCode.FORBIDDEN,
      message: en.sign_in_required,
    });
    const me = await signInByEmail(t, outbox, 'plans@lumi.test');
    for (const body of [{ plan: 'legacy_week' }, { plan: 'forever' }, {}]) {
      expect((await post(me.cookie, '/v5pay/create-checkout-session', body)).code).toBe(
        ErrorCode.INVALID_INPUT,
      );
    }
    expect(
      await post(me.cookie, '/v5pay/create-checkout-session', { plan: 'week', amount: 1 }),
    ).toMatchObject({
      code: ErrorCode.INVALID_INPUT,
    });
  });

  it('creates a Stripe Checkout Session priced from the catalogue, with an idempotency key', async () => {
    const me = await signInByEmail(t, outbox, 'card@lumi.test');
    const { orderId, url, sent } = await cardCheckout(me.cookie, 'year');
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_fake\d+$/);
    expect(sent?.headers['idempotency-key']).toBe(`checkout-${orderId}`);
    expect(sent?.body).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][unit_amount]': '4788',
      'line_items[0][price_data][currency]': 'usd',
      client_reference_id: orderId,
      customer_email: 'card@lumi.test',
      success_url: `https://lumi.test/pay-view?order=${orderId}`,
      cancel_url: `https://lumi.test/pay-view?canceled=${orderId}`,
      'metadata[order_id]': orderId,
    });
    expect(await order(me.cookie, orderId)).toMatchObject({
      status: 'pending',
      plan: 'year',
      method: 'card',
      amount_cents: 4788,
      credits: 24000,
      test_mode: false,
    });
    // Another user can't read it.
    const other = await signInByEmail(t, outbox, 'other@lumi.test');
    expect((await get(other.cookie, `/pay/order?id=${orderId}`)).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('grants a paid session once, with the plan expiry, and mails a receipt in the buyer language', async () => {
    const me = await signInByEmail(t, outbox, 'buyer@lumi.test');
    const before = await balance(me.cookie);
    const res = await t.app.inject({
      method: 'POST',
      url: '/cgi-bin/auth/v5pay/create-checkout-session',
      headers: { cookie: me.cookie, 'x-locale': 'fr' },
      payload: { plan: 'week' },
    });
    const orderId = res.json<Envelope<CheckoutData>>().data.order_id;
    const reply = await deliverStripe(stripeEvent(await orderRow(orderId)));
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ received: true, granted: true });
    const after = await balance(me.cookie);
    expect(after.remain).toBe(before.remain + 500);
    expect(after.isVip).toBe(true);
    expect(after.expired).toBe(now + 7 * DAY);
    expect(await order(me.cookie, orderId)).toMatchObject({
      status: 'paid',
      credits_expire_at: now + 7 * DAY,
      paid_at: now,
    });
    await expect
      .poll(() => outbox.list().find((m) => m.to === 'buyer@lumi.test' && /699|6,99/.test(m.text)))
      .toBeTruthy();
    const receipt = outbox.list().find((m) => m.to === 'buyer@lumi.test' && m.subject.includes('Lumi AI'));
    expect(receipt?.subject).toContain('1 semaine');
    expect(receipt?.text).toContain('6,99');
    expect(receipt?.text).toContain('500');
    expect(receipt?.text).toContain('17 mars 2026');
    expect(receipt?.text).toContain(orderId);
    expect(receipt?.html).toContain('lang="fr"');
    expect(fr.mail_receipt_subject).not.toBe(en.mail_receipt_subject);
  });

  it('refuses forged, stale and altered notices', async () => {
    const { me, before, orderId, row } = await buyerWithOrder('forged@lumi.test');
    const forged = await deliverStripe(stripeEvent(row, { secret: 'whsec_not_ours' }));
    expect(forged.statusCode).toBe(400);
    const stale = await deliverStripe(stripeEvent(row, { at: now - 301_000 }));
    expect(stale.statusCode).toBe(400);
    // Stamped later than the tolerance ahead: held back to be replayed later, refused too.
    const future = await deliverStripe(stripeEvent(row, { at: now + 301_000 }));
    expect(future.statusCode).toBe(400);
    const good = stripeEvent(row);
    const altered = await deliverStripe({
      ...good,
      payload: good.payload.replace('"amount_total":699', '"amount_total":600'),
    });
    expect(altered.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/cgi-bin/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: good.payload,
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await balance(me.cookie)).remain).toBe(before);
    expect((await order(me.cookie, orderId)).status).toBe('pending');
    // Just inside the 300 s tolerance, the same notice is accepted.
    expect((await deliverStripe(stripeEvent(row, { at: now - 295_000 }))).statusCode).toBe(200);
    expect((await balance(me.cookie)).remain).toBe(before + 500);
  });

  it('credits once when the same event arrives 20 times at once, and once across event types', async () => {
    const { me, before, row } = await buyerWithOrder('repeat@lumi.test');
    const event = stripeEvent(row, { id: 'evt_repeated' });
    const replies = await Promise.all(Array.from({ length: 20 }, () => deliverStripe(event)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(replies.filter((r) => r.json<{ granted?: boolean }>().granted).length).toBe(1);
    // A different event for the same paid session (out of order) grants nothing more.
    await deliverStripe(stripeEvent(row, { type: 'checkout.session.async_payment_succeeded' }));
    expect((await balance(me.cookie)).remain).toBe(before + 500);
  });

  it('waits for an async payment to succeed, and ignores a notice whose amount is not the order', async () => {
    const { me, before, row } = await buyerWithOrder('async@lumi.test');
    expect((await deliverStripe(stripeEvent(row, { payment_status: 'unpaid' }))).statusCode).toBe(200);
    expect((await deliverStripe(stripeEvent(row, { amount_total: 1 }))).json()).toMatchObject({
      granted: false,
    });
    expect((await balance(me.cookie)).remain).toBe(before);
    const paid = stripeEvent(row, { type: 'checkout.session.async_payment_succeeded' });
    expect((await deliverStripe(paid)).json()).toMatchObject({ granted: true });
    expect((await balance(me.cookie)).remain).toBe(before + 500);
  });

  describe('NOWPayments', () => {
    async function cryptoCheckout(cookie: string) {
      const res = await post<CheckoutData>(cookie, '/nowpayments/create-checkout-session', { plan: 'week' });
      expect(res.code).toBe(0);
      return res.data;
    }
    const ipn = (body: Record<string, unknown>, secret = IPN_SECRET) =>
      t.app.inject({
        method: 'POST',
        url: '/cgi-bin/webhooks/nowpayments',
        headers: {
          'content-type': 'application/json',
          'x-nowpayments-sig': nowpaymentsSignature(secret, body),
        },
        payload: body,
      });

    it('creates an invoice with the API key and the catalogue price', async () => {
      const me = await signInByEmail(t, outbox, 'crypto@lumi.test');
      const data = await cryptoCheckout(me.cookie);
      expect(data.url).toMatch(/^https:\/\/nowpayments\.test\/payment\/\?iid=\d+$/);
      const sent = nowApi.received.at(-1);
      expect(sent?.path).toBe('/v1/invoice');
      expect(sent?.body).toMatchObject({
        price_amount: 6.99,
        price_currency: 'usd',
        order_id: data.order_id,
        ipn_callback_url: 'https://lumi.test/cgi-bin/webhooks/nowpayments',
        success_url: `https://lumi.test/pay-view?order=${data.order_id}`,
      });
      expect((await order(me.cookie, data.order_id)).method).toBe('crypto');
    });

    it('grants a finished payment once, after checking it with the API; refuses forged IPNs', async () => {
      const me = await signInByEmail(t, outbox, 'ipn@lumi.test');
      const before = (await balance(me.cookie)).remain;
      const { order_id } = await cryptoCheckout(me.cookie);
      const invoiceId = (await orderRow(order_id)).providerRef;
      const body = {
        payment_id: 4_411_001,
        invoice_id: Number(invoiceId),
        payment_status: 'finished',
        price_amount: 6.99,
        price_currency: 'usd',
        pay_currency: 'btc',
        order_id,
        actually_paid: 0.00011,
      };
      // The API says it is still confirming: the IPN alone grants nothing.
      nowApi.payments.set('4411001', { ...body, payment_status: 'confirming' });
      expect((await ipn(body)).json()).toMatchObject({ received: true, granted: false });
      expect((await balance(me.cookie)).remain).toBe(before);

      expect((await ipn(body, 'not-the-secret')).statusCode).toBe(400);
      const tampered = await t.app.inject({
        method: 'POST',
        url: '/cgi-bin/webhooks/nowpayments',
        headers: {
          'content-type': 'application/json',
          'x-nowpayments-sig': nowpaymentsSignature(IPN_SECRET, body),
        },
        payload: { ...body, price_amount: 0.01 },
      });
      expect(tampered.statusCode).toBe(400);

      nowApi.payments.set('4411001', body);
      // The signature covers the sorted keys, so key order in transit does not matter.
      const reordered = Object.fromEntries(Object.entries(body).reverse());
      expect((await ipn(reordered)).json()).toMatchObject({ granted: true });
      const replays = await Promise.all(Array.from({ length: 5 }, () => ipn(body)));
      expect(replays.every((r) => r.statusCode === 200)).toBe(true);
      expect((await balance(me.cookie)).remain).toBe(before + 500);
      expect((await order(me.cookie, order_id)).status).toBe('paid');
    });

    it('asks NOWPayments to send the IPN again when its API cannot be reached', async () => {
      const me = await signInByEmail(t, outbox, 'retry@lumi.test');
      const { order_id } = await cryptoCheckout(me.cookie);
      const body = {
        payment_id: 4_411_777,
        payment_status: 'finished',
        order_id,
        price_amount: 6.99,
        price_currency: 'usd',
      };
      expect((await ipn(body)).statusCode).toBe(503);
      expect((await order(me.cookie, order_id)).status).toBe('pending');
    });
  });

  describe('redeem codes', () => {
    let admin: { cookie: string };
    beforeAll(async () => {
      admin = await signInByEmail(t, outbox, 'admin@lumi.test');
    });
    const mint = async (body: object) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/cgi-bin/admin/redeem-codes/create',
        headers: { cookie: admin.cookie },
        payload: body,
      });
      return res.json<Envelope<{ codes: string[] }>>();
    };
    const redeem = (cookie: string, code: string, ip = '203.0.113.1') =>
      t.app.inject({
        method: 'POST',
        url: '/cgi-bin/auth/redeem',
        headers: { cookie },
        payload: { code },
        remoteAddress: ip,
      });

    it('only admins mint', async () => {
      const user = await signInByEmail(t, outbox, 'notadmin@lumi.test');
      const res = await t.app.inject({
        method: 'POST',
        url: '/cgi-bin/admin/redeem-codes/create',
        headers: { cookie: user.cookie },
        payload: { plan: 'week' },
      });
      expect(res.json()).toMatchObject({ code: ErrorCode.FORBIDDEN });
      expect((await mint({ plan: 'week', credits: 5 })).code).toBe(ErrorCode.INVALID_INPUT);
    });

    it('redeems a code once; of two at once exactly one wins; used codes are invalid', async () => {
      const { data } = await mint({ plan: 'week', count: 2 });
      const [first, second] = data.codes;
      expect(first).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
      const guest = await loginTourist(t.app);
      const before = (await balance(guest.cookie)).remain;
      const ok = await redeem(guest.cookie, ` ${first?.toLowerCase().replace(/-/g, ' ')} `);
      expect(ok.json()).toMatchObject({
        code: 0,
        message: en.redeem_success,
        data: { credits: 500, plan: 'week', credits_expire_at: now + 7 * DAY },
      });
      expect((await balance(guest.cookie)).remain).toBe(before + 500);
      expect((await redeem(guest.cookie, first ?? '')).json()).toMatchObject({ message: en.redeem_invalid });

      const a = await loginTourist(t.app);
      const b = await loginTourist(t.app);
      const race = await Promise.all([redeem(a.cookie, second ?? ''), redeem(b.cookie, second ?? '')]);
      expect(race.map((r) => r.json<Envelope<unknown>>().code).sort()).toEqual([0, ErrorCode.INVALID_INPUT]);
      const total = (await balance(a.cookie)).remain + (await balance(b.cookie)).remain;
      expect(total).toBe(2 * 30 + 500);
    });

    it('answers empty, unknown and expired codes with their messages, and limits failed tries', async () => {
      const user = await signInByEmail(t, outbox, 'guess@lumi.test');
      expect((await redeem(user.cookie, '  ')).json()).toMatchObject({ message: en.redeem_empty });
      const { data } = await mint({ credits: 77, expiry_days: 3, valid_days: 1 });
      const code = data.codes[0] ?? '';
      now += 2 * DAY;
      try {
        // Two days on (a fresh session: the old one has lapsed), the code has run out.
        const later = await loginTourist(t.app);
        expect((await redeem(later.cookie, code, '198.51.100.8')).json()).toMatchObject({
          code: ErrorCode.INVALID_INPUT,
          message: en.redeem_invalid,
        });
      } finally {
        now -= 2 * DAY;
      }
      for (let i = 0; i < 10; i++) {
        expect((await redeem(user.cookie, 'ZZZZ-ZZZZ-ZZZZ-ZZZZ', '198.51.100.7')).json()).toMatchObject({
          message: en.redeem_invalid,
        });
      }
      // The eleventh try within the hour is refused before the code is looked at.
      expect((await redeem(user.cookie, code, '198.51.100.7')).json()).toMatchObject({
        code: ErrorCode.TOO_FREQUENT,
      });
      // An hour later the valid (and still unexpired) code works.
      now += 3_600_001;
      try {
        const res = await redeem(user.cookie, code, '198.51.100.7');
        expect(res.json()).toMatchObject({ code: 0, data: { credits: 77, plan: null } });
      } finally {
        now -= 3_600_001;
      }
    });
  });

  it('keeps paid credits across the daily reset and lets them expire with the pack', async () => {
    now = Date.parse('2026-05-01T23:30:00Z');
    const me = await signInByEmail(t, outbox, 'days@lumi.test');
    const { orderId } = await cardCheckout(me.cookie);
    await deliverStripe(stripeEvent(await orderRow(orderId)));
    // Spend 40: the day's 30 free credits first, then 10 of the pack.
    const spend = await t.app.services.credits.spend(me.uid, 40, 'test');
    expect(spend.remain).toBe(490);
    now += 60 * 60_000; // 00:30 the next day: free credits are back, the pack keeps its 490.
    expect(await balance(me.cookie)).toMatchObject({ remain: 520, free: 30, paid: 490, isVip: true });
    // A week on, sessions have lapsed: the balance is read from the ledger directly.
    now = Date.parse('2026-05-08T23:29:00Z'); // a minute before the pack's expiry
    expect(await t.app.services.credits.balance(me.uid)).toMatchObject({ remain: 520, paid: 490 });
    now = Date.parse('2026-05-08T23:31:00Z');
    expect(await t.app.services.credits.balance(me.uid)).toMatchObject({ remain: 30, paid: 0, isVip: false });
    const again = await signInByEmail(t, outbox, 'days@lumi.test');
    const history = (await get<{ purchases: Purchase[] }>(again.cookie, '/pay/history')).data.purchases;
    expect(history).toMatchObject([{ kind: 'order', plan: 'week', credits: 500, amount_cents: 699 }]);
  });

  it('cancels a subscription at Stripe and clears the flag', async () => {
    const me = await signInByEmail(t, outbox, 'subscriber@lumi.test');
    expect(await get(me.cookie, '/stripe/cancel-subscription')).toMatchObject({
      code: ErrorCode.OPERATION_FAILED,
      message: en.no_subscription,
    });
    stripeApi.subscriptions.add('sub_live1');
    // An id Stripe no longer knows is already canceled: nothing is charged, the flag goes.
    await t.database.db
      .update(users)
      .set({ subscription: true, stripeSubscriptionId: 'sub_live1' })
      .where(eq(users.id, me.uid));
    expect((await balance(me.cookie)).isVip).toBe(true);
    expect(await get(me.cookie, '/stripe/cancel-subscription')).toMatchObject({
      code: 0,
      message: en.cancel_success,
    });
    expect(stripeApi.received.at(-1)).toMatchObject({
      method: 'DELETE',
      path: '/v1/subscriptions/sub_live1',
    });
    expect((await balance(me.cookie)).subscription).toBe(false);
  });

  it('says the cancel failed when Stripe refuses, and keeps the flag', async () => {
    const me = await signInByEmail(t, outbox, 'stuck@lumi.test');
    await t.database.db
      .update(users)
      .set({ subscription: true, stripeSubscriptionId: 'sub_failing' })
      .where(eq(users.id, me.uid));
    expect(await get(me.cookie, '/stripe/cancel-subscription')).toMatchObject({
      code: ErrorCode.OPERATION_FAILED,
      message: en.cancel_failed,
    });
    expect((await balance(me.cookie)).subscription).toBe(true);
  });
});

describe('the built-in test checkout (no payment keys)', () => {
  const outbox = new DevOutbox(() => undefined);
  const t = useTestApp({ mailer: outbox });
  let me: { cookie: string };
  beforeEach(async () => {
    me = await signInByEmail(t, outbox, `tester${Math.random().toString(36).slice(2)}@lumi.test`);
  });

  const call = async <T>(cookie: string, url: string, payload?: object) => {
    const res = await callAs(t.app, payload ? 'POST' : 'GET', `/cgi-bin/auth${url}`, cookie, payload, {
      'x-locale': 'ar',
    });
    return res.json<Envelope<T>>();
  };

  for (const [method, path] of [
    ['card', '/v5pay/create-checkout-session'],
    ['crypto', '/nowpayments/create-checkout-session'],
  ] as const) {
    it(`pays a ${method} order through the signed notice and the real webhook`, async () => {
      const before = (await call<CreditRemain>(me.cookie, '/credit/remain')).data.remain;
      const { data } = await call<CheckoutData>(me.cookie, path, { plan: 'week' });
      expect(data.url).toBe(`/ar/pay-test-checkout?order=${data.order_id}`);
      const paid = await call<Order>(me.cookie, '/pay/test-checkout', {
        order_id: data.order_id,
        outcome: 'pay',
      });
      expect(paid.data).toMatchObject({ status: 'paid', test_mode: true, method, credits: 500 });
      expect((await call<CreditRemain>(me.cookie, '/credit/remain')).data.remain).toBe(before + 500);
      // Paying again changes nothing.
      await call(me.cookie, '/pay/test-checkout', { order_id: data.order_id, outcome: 'pay' });
      expect((await call<CreditRemain>(me.cookie, '/credit/remain')).data.remain).toBe(before + 500);
      await expect
        .poll(() => outbox.list().some((m) => /500/.test(m.text) && m.html.includes('lang="ar"')))
        .toBe(true);
    });
  }

  for (const [method, path] of [
    ['card', '/v5pay/create-checkout-session'],
    ['crypto', '/nowpayments/create-checkout-session'],
  ] as const) {
    it(`answers every one of 10 concurrent pays of one ${method} order with the same success`, async () => {
      const before = (await call<CreditRemain>(me.cookie, '/credit/remain')).data.remain;
      const { data } = await call<CheckoutData>(me.cookie, path, { plan: 'week' });
      const paid = await Promise.all(
        Array.from({ length: 10 }, () =>
          call<Order>(me.cookie, '/pay/test-checkout', { order_id: data.order_id, outcome: 'pay' }),
        ),
      );
      for (const answer of paid) {
        expect(answer.code, answer.message).toBe(0);
        expect(answer.data).toMatchObject({ status: 'paid', credits: 500 });
      }
      expect((await call<CreditRemain>(me.cookie, '/credit/remain')).data.remain).toBe(before + 500);
    });
  }

  it('cancels, and keeps other users out of the order', async () => {
    const { data } = await call<CheckoutData>(me.cookie, '/v5pay/create-checkout-session', { plan: 'month' });
    const other = await signInByEmail(t, outbox, 'nosy@lumi.test');
    expect(
      (await call(other.cookie, '/pay/test-checkout', { order_id: data.order_id, outcome: 'pay' })).code,
    ).toBe(ErrorCode.NOT_FOUND);
    const canceled = await call<Order>(me.cookie, '/pay/test-checkout', {
      order_id: data.order_id,
      outcome: 'cancel',
    });
    expect(canceled.data.status).toBe('canceled');
  });

  it('does not take a notice signed with anything but its own secret', async () => {
    const { data } = await call<CheckoutData>(me.cookie, '/v5pay/create-checkout-session', { plan: 'week' });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, data.order_id));
    const payload = JSON.stringify({
      id: 'evt_x',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: row?.providerRef,
          payment_status: 'paid',
          amount_total: 699,
          currency: 'usd',
          metadata: { order_id: data.order_id },
        },
      },
    });
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_guess' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/cgi-bin/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('payments turned off', () => {
  it('answers that the way of paying is not available, and the webhooks are not there', async () => {
    const outbox = new DevOutbox(() => undefined);
    await withTestApp({ mailer: outbox, env: { PAYMENTS_TEST_CHECKOUT: 'false' } }, async (t) => {
      expect(t.app.services.payments.modes()).toEqual({ card: 'off', crypto: 'off' });
      const me = await signInByEmail(t, outbox, 'off@lumi.test');
      const res = await t.app.inject({
        method: 'POST',
        url: '/cgi-bin/auth/nowpayments/create-checkout-session',
        headers: { cookie: me.cookie },
        payload: { plan: 'week' },
      });
      expect(res.json()).toMatchObject({ code: ErrorCode.SERVICE_BUSY, message: en.payments_off });
      const hook = await t.app.inject({
        method: 'POST',
        url: '/cgi-bin/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
        payload: '{}',
      });
      expect(hook.statusCode).toBe(404);
    });
  });
});
