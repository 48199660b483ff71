import {
  escapeHtml,
  ErrorCode,
  isLocale,
  localeInfo,
  localePrefix,
  LoginType,
  PLANS,
  type Locale,
  type Order,
  type PayMethod,
  type PlanId,
  type Purchase,
} from '@lumi/contract';
import { serverMessage } from '../../i18n';
import type Stripe from 'stripe';
import type { Db } from '../../db/client';
import type { OrderRow, User } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { BusinessError, notFound } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import type { CreditsService } from '../credits/credits.service';
import {
  CRYPTO_PAID_STATUSES,
  STRIPE_TOLERANCE_S,
  type CardGateway,
  type CryptoGateway,
  type CryptoPayment,
} from './gateways';
import * as repo from './payments.repository';

const DAY_MS = 86_400_000;
/** Checkouts a user may start per hour: enough for any person, not for a script. */
const CHECKOUTS_PER_HOUR = 20;
/** The Stripe events that pay an order, when their session says `payment_status: paid`. */
const STRIPE_PAYING_EVENTS: ReadonlySet<string> = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
]);

export interface PaymentsDeps {
  db: Db;
  clock: Clock;
  credits: CreditsService;
  card: CardGateway | undefined;
  crypto: CryptoGateway | undefined;
  mailer: Mailer;
  siteName: string;
  publicUrl: string;
  log: { error: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };
}

/** What a webhook answers: HTTP status and a short body for the provider's dashboard. */
export interface WebhookOutcome {
  status: number;
  body: { received: boolean; granted?: boolean; error?: string };
}

export const planById = (id: string) => PLANS.find((p) => p.id === id);

/** The plan's name in the buyer's language, for receipts and the checkout's line item. */
export function planTitle(locale: Locale, planId: string): string {
  const base = planId.replace(/^legacy_/, '') as 'week' | 'month' | 'quarter' | 'year';
  return serverMessage(locale, `plan_${base}`);
}

/**
 * Buying credits (decisions.md): the catalogue's plans as one-time packs, by card (Stripe) or
 * crypto (NOWPayments), or through the built-in test checkout when a provider has no keys. An
 * order is pending until the provider's signed notice says it is paid; then, in one
 * transaction, the notice is recorded (so a repeat does nothing), the order is marked paid and
 * its credits are granted with the plan's expiry. A receipt is mailed afterwards.
 */
export class PaymentsService {
  constructor(private readonly deps: PaymentsDeps) {}

  modes(): { card: 'stripe' | 'test' | 'off'; crypto: 'nowpayments' | 'test' | 'off' } {
    return { card: this.deps.card?.mode ?? 'off', crypto: this.deps.crypto?.mode ?? 'off' };
  }

  async checkout(user: User, method: PayMethod, planId: PlanId, locale: Locale) {
    // Purchases belong to an account a person can sign back into, with an address for receipts.
    if (user.type === LoginType.TOURIST) throw new BusinessError(ErrorCode.FORBIDDEN, 'sign_in_required');
    const gateway = method === 'card' ? this.deps.card : this.deps.crypto;
    if (!gateway) throw new BusinessError(ErrorCode.SERVICE_BUSY, 'payments_off');
    const plan = planById(planId);
    if (!plan?.active) throw new BusinessError(ErrorCode.INVALID_INPUT, 'invalid_field', { field: 'plan' });
    const now = this.deps.clock();
    if (
      (await repo.ordersSince(this.deps.db, user.id, new Date(now.getTime() - 3_600_000))) >=
      CHECKOUTS_PER_HOUR
    ) {
      throw new BusinessError(ErrorCode.TOO_FREQUENT, 'too_frequent');
    }
    const order = await repo.insertOrder(this.deps.db, {
      userId: user.id,
      plan: plan.id,
      provider: method === 'card' ? 'stripe' : 'nowpayments',
      testMode: gateway.mode === 'test',
      amountCents: plan.priceCents,
      currency: 'usd',
      credits: plan.credits,
      expiryDays: plan.expiryDays,
      locale,
      createdAt: now,
    });
    const pricing = `${this.deps.publicUrl}${localePrefix(locale)}/pay-view`;
    const request = {
      orderId: order.id,
      userId: user.id,
      email: user.email,
      plan: plan.id,
      title: `${this.deps.siteName}: ${planTitle(locale, plan.id)}, ${plan.credits} credits`,
      amountCents: plan.priceCents,
      currency: 'usd',
      successUrl: `${pricing}?order=${order.id}`,
      cancelUrl: `${pricing}?canceled=${order.id}`,
      testCheckoutUrl: `${localePrefix(locale)}/pay-test-checkout?order=${order.id}`,
    };
    let session;
    try {
      session =
        method === 'card'
          ? await (gateway as CardGateway).createSession(request)
          : await (gateway as CryptoGateway).createInvoice(
              request,
              `${this.deps.publicUrl}/cgi-bin/webhooks/nowpayments`,
            );
    } catch (err) {
      this.deps.log.error({ err, orderId: order.id, method }, 'checkout could not be created');
      await repo.cancelPending(this.deps.db, order.id);
      throw new BusinessError(ErrorCode.SERVICE_BUSY, 'service_busy');
    }
    await repo.setOrderCheckout(this.deps.db, order.id, session.ref);
    return { url: session.url, order_id: order.id };
  }

  async order(user: User, id: string): Promise<Order> {
    const row = await repo.findOrder(this.deps.db, id);
    if (row?.userId !== user.id) throw notFound();
    return orderView(row);
  }

  /** The caller's paid orders and redeemed codes, newest first. */
  async history(user: User): Promise<Purchase[]> {
    const [paid, redeemed] = await Promise.all([
      repo.paidOrders(this.deps.db, user.id, 100),
      repo.redeemedCodes(this.deps.db, user.id, 100),
    ]);
    const purchases: Purchase[] = [
      ...paid.map((o) => ({
        id: o.id,
        kind: 'order' as const,
        plan: o.plan as PlanId,
        method: methodOf(o),
        amount_cents: o.amountCents,
        currency: o.currency,
        credits: o.credits,
        test_mode: o.testMode,
        at: (o.paidAt ?? o.createdAt).getTime(),
        credits_expire_at: o.creditsExpireAt?.getTime() ?? 0,
      })),
      ...redeemed.map((c) => ({
        id: `code-${c.id}`,
        kind: 'redeem' as const,
        plan: (c.plan as PlanId | null) ?? null,
        method: null,
        amount_cents: null,
        currency: null,
        credits: c.credits,
        test_mode: false,
        at: c.redeemedAt?.getTime() ?? 0,
        credits_expire_at: c.creditsExpireAt?.getTime() ?? 0,
      })),
    ];
    return purchases.sort((a, b) => b.at - a.at).slice(0, 100);
  }

  /**
   * POST /cgi-bin/webhooks/stripe: the signature is checked on the raw body (300 s tolerance);
   * a paying event for a known order grants once, whatever the repeats and their order.
   */
  async stripeWebhook(rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
    const card = this.deps.card;
    if (!card) return { status: 404, body: { received: false, error: 'card payments are off' } };
    let event: Stripe.Event;
    try {
      if (!signature) throw new Error('no Stripe-Signature header');
      const now = this.deps.clock().getTime();
      // Stripe's check refuses old notices only; one stamped later than the tolerance ahead
      // would stay good until then (a captured notice held back for replay): refused too.
      const stamped = Number(/(?:^|,)\s*t=(\d{1,12})(?:,|$)/.exec(signature)?.[1]);
      if (stamped * 1000 > now + STRIPE_TOLERANCE_S * 1000) throw new Error('timestamp in the future');
      event = card.verifyEvent(rawBody, signature, now);
    } catch (err) {
      return { status: 400, body: { received: false, error: (err as Error).message } };
    }
    if (!STRIPE_PAYING_EVENTS.has(event.type)) return { status: 200, body: { received: true } };
    const session = event.data.object as Stripe.Checkout.Session;
    const orderId = session.metadata?.order_id ?? session.client_reference_id;
    if (session.payment_status !== 'paid' || !orderId) return { status: 200, body: { received: true } };
    const paymentRef = typeof session.payment_intent === 'string' ? session.payment_intent : session.id;
    const granted = await this.fulfil({
      provider: 'stripe',
      eventId: event.id,
      eventType: event.type,
      orderId,
      paymentRef,
      check: (order) =>
        order.providerRef === session.id &&
        session.amount_total === order.amountCents &&
        session.currency?.toLowerCase() === order.currency,
    });
    return { status: 200, body: { received: true, granted } };
  }

  /**
   * POST /cgi-bin/webhooks/nowpayments: the IPN's signature is checked, then the payment is
   * read back from NOWPayments' API (an IPN has no timestamp, so it is never trusted alone),
   * and a finished payment grants its order once.
   */
  async nowpaymentsWebhook(body: unknown, signature: string | undefined): Promise<WebhookOutcome> {
    const crypto = this.deps.crypto;
    if (!crypto) return { status: 404, body: { received: false, error: 'crypto payments are off' } };
    if (!signature || !body || typeof body !== 'object' || !crypto.verifyIpn(body, signature)) {
      return { status: 400, body: { received: false, error: 'bad signature' } };
    }
    const ipn = body as Partial<CryptoPayment>;
    if (ipn.payment_id === undefined || !CRYPTO_PAID_STATUSES.has(String(ipn.payment_status))) {
      return { status: 200, body: { received: true } };
    }
    const paymentId = String(ipn.payment_id);
    let payment: CryptoPayment;
    try {
      payment = await crypto.getPayment(paymentId);
    } catch (err) {
      // Not answered 2xx: NOWPayments sends the IPN again later.
      this.deps.log.error({ err, paymentId }, 'NOWPayments payment could not be re-checked');
      return { status: 503, body: { received: false, error: 'payment could not be checked' } };
    }
    if (!CRYPTO_PAID_STATUSES.has(payment.payment_status) || !payment.order_id) {
      return { status: 200, body: { received: true, granted: false } };
    }
    const granted = await this.fulfil({
      provider: 'nowpayments',
      eventId: `${paymentId}:${payment.payment_status}`,
      eventType: `payment.${payment.payment_status}`,
      orderId: payment.order_id,
      paymentRef: paymentId,
      check: (order) =>
        Math.round(Number(payment.price_amount) * 100) === order.amountCents &&
        String(payment.price_currency).toLowerCase() === order.currency &&
        (payment.invoice_id === undefined ||
          payment.invoice_id === null ||
          String(payment.invoice_id) === order.providerRef),
    });
    return { status: 200, body: { received: true, granted } };
  }

  /**
   * One transaction: record the notice (a repeat stops here), lock the order, and if it is
   * unpaid and the notice matches it, grant its credits and mark it paid. The receipt follows.
   */
  private async fulfil(input: {
    provider: 'stripe' | 'nowpayments';
    eventId: string;
    eventType: string;
    orderId: string;
    paymentRef: string;
    check: (order: OrderRow) => boolean;
  }): Promise<boolean> {
    if (!/^[0-9a-f-]{36}$/i.test(input.orderId)) return false;
    const now = this.deps.clock();
    const granted = await this.deps.db.transaction(async (tx) => {
      const fresh = await repo.recordEvent(tx, {
        provider: input.provider,
        eventId: input.eventId,
        type: input.eventType,
        orderId: input.orderId,
      });
      if (!fresh) return false;
      const order = await repo.lockOrder(tx, input.orderId);
      if (!order || order.provider !== input.provider || order.status === 'paid') return false;
      if (!input.check(order)) {
        this.deps.log.error(
          { orderId: order.id, eventId: input.eventId },
          'payment notice does not match its order',
        );
        return false;
      }
      if (!order.userId) return false;
      const creditsExpireAt = new Date(now.getTime() + order.expiryDays * DAY_MS);
      await this.deps.credits.grant(
        order.userId,
        {
          amount: order.credits,
          expiresAt: creditsExpireAt,
          source: 'order',
          sourceRef: order.id,
          reason: `plan ${order.plan}${order.testMode ? ' (test mode)' : ''}`,
        },
        tx,
      );
      await repo.markPaid(tx, order.id, { paidAt: now, creditsExpireAt, paymentRef: input.paymentRef });
      return true;
    });
    if (granted) {
      this.deps.log.info({ orderId: input.orderId, provider: input.provider }, 'order paid');
      void this.sendReceipt(input.orderId).catch((err: unknown) =>
        this.deps.log.error({ err, orderId: input.orderId }, 'receipt could not be sent'),
      );
    }
    return granted;
  }

  /** Mails the receipt of a paid order once, in the buyer's language. */
  async sendReceipt(orderId: string): Promise<boolean> {
    const order = await repo.findOrder(this.deps.db, orderId);
    if (order?.status !== 'paid' || !order.userId || order.receiptSentAt) return false;
    const email = await repo.userEmail(this.deps.db, order.userId);
    if (!email) return false;
    if (!(await repo.markReceiptSent(this.deps.db, order.id, this.deps.clock()))) return false;
    const locale: Locale = isLocale(order.locale) ? order.locale : 'en';
    const tag = localeInfo(locale).htmlLang;
    const params = {
      site: this.deps.siteName,
      plan: planTitle(locale, order.plan),
      amount: new Intl.NumberFormat(tag, {
        style: 'currency',
        currency: order.currency.toUpperCase(),
      }).format(order.amountCents / 100),
      credits: new Intl.NumberFormat(tag).format(order.credits),
      expiry: new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }).format(
        order.creditsExpireAt ?? order.paidAt ?? new Date(),
      ),
      order: order.id,
    };
    const lines = [
      serverMessage(locale, 'mail_receipt_text', params),
      ...(order.testMode ? [serverMessage(locale, 'mail_receipt_test')] : []),
    ];
    try {
      await this.deps.mailer.send({
        to: email,
        subject: serverMessage(locale, 'mail_receipt_subject', params),
        text: lines.join('\n\n'),
        html: `<!doctype html><html lang="${tag}" dir="${localeInfo(locale).dir}"><body style="font-family:system-ui,sans-serif;color:#1f1d2b">${lines
          .map((l) => `<p style="font-size:16px;line-height:1.5">${escapeHtml(l)}</p>`)
          .join('')}</body></html>`,
      });
    } catch (err) {
      // Not sent after all: the next attempt may send it.
      await repo.clearReceiptSent(this.deps.db, order.id);
      throw err;
    }
    return true;
  }

  /** The built-in test checkout: pay (a signed notice through the real webhook) or cancel. */
  async testOrder(user: User, orderId: string): Promise<OrderRow> {
    const order = await repo.findOrder(this.deps.db, orderId);
    if (order?.userId !== user.id) throw notFound();
    if (!order.testMode) throw new BusinessError(ErrorCode.FORBIDDEN, 'forbidden');
    return order;
  }

  async cancelTestOrder(order: OrderRow): Promise<Order> {
    await repo.cancelPending(this.deps.db, order.id);
    const row = await repo.findOrder(this.deps.db, order.id);
    if (!row) throw notFound();
    return orderView(row);
  }

  async orderView(id: string): Promise<Order> {
    const row = await repo.findOrder(this.deps.db, id);
    if (!row) throw notFound();
    return orderView(row);
  }

  /** GET /cgi-bin/auth/stripe/cancel-subscription: for accounts with a subscription flag. */
  async cancelSubscription(caller: User): Promise<void> {
    // Read afresh: the session's copy of the user may predate the flag.
    const user = await repo.subscriptionOf(this.deps.db, caller.id);
    if (!user?.subscription) throw new BusinessError(ErrorCode.OPERATION_FAILED, 'no_subscription');
    if (user.stripeSubscriptionId) {
      if (!this.deps.card) throw new BusinessError(ErrorCode.OPERATION_FAILED, 'cancel_failed');
      try {
        await this.deps.card.cancelSubscription(user.stripeSubscriptionId);
      } catch (err) {
        const code = (err as { code?: string }).code;
        // Already gone at Stripe: nothing is charged any more, so clearing the flag is right.
        if (code !== 'resource_missing') {
          this.deps.log.error({ err, userId: caller.id }, 'subscription could not be canceled');
          throw new BusinessError(ErrorCode.OPERATION_FAILED, 'cancel_failed');
        }
      }
    }
    await repo.clearSubscription(this.deps.db, caller.id);
  }
}

function methodOf(order: OrderRow): PayMethod {
  return order.provider === 'stripe' ? 'card' : 'crypto';
}

export function orderView(row: OrderRow): Order {
  return {
    id: row.id,
    plan: row.plan as PlanId,
    method: methodOf(row),
    status: row.status,
    amount_cents: row.amountCents,
    currency: row.currency,
    credits: row.credits,
    test_mode: row.testMode,
    created_at: row.createdAt.getTime(),
    paid_at: row.paidAt?.getTime() ?? null,
    credits_expire_at: row.creditsExpireAt?.getTime() ?? null,
  };
}
