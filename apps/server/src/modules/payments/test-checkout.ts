import { randomBytes, randomInt } from 'node:crypto';
import Stripe from 'stripe';
import type { Db } from '../../db/client';
import type { OrderRow } from '../../db/schema';
import {
  nowpaymentsSignature,
  STRIPE_TOLERANCE_S,
  verifyNowpaymentsSignature,
  type CardGateway,
  type CheckoutRequest,
  type CheckoutSession,
  type CryptoGateway,
  type CryptoPayment,
} from './gateways';
import * as repo from './payments.repository';

/**
 * The built-in test checkout (no provider keys): its "provider" is a page of this site, and
 * paying there sends the same signed notice a real provider would, to the same webhook, so the
 * whole fulfilment path runs. Each process signs with its own random secret; the notice is
 * delivered inside the process that signed it.
 */
const offlineStripe = new Stripe('sk_test_offline_checkout', { telemetry: false });

export class TestCardGateway implements CardGateway {
  readonly mode = 'test';
  readonly webhookSecret = `whsec_test_${randomBytes(24).toString('hex')}`;

  createSession(request: CheckoutRequest): Promise<CheckoutSession> {
    return Promise.resolve({
      ref: `cs_test_${randomBytes(12).toString('hex')}`,
      url: request.testCheckoutUrl,
    });
  }

  verifyEvent(rawBody: Buffer, signature: string, nowMs: number): Stripe.Event {
    return offlineStripe.webhooks.constructEvent(
      rawBody,
      signature,
      this.webhookSecret,
      STRIPE_TOLERANCE_S,
      undefined,
      nowMs,
    );
  }

  /** A test-mode subscription has nothing at a provider to cancel. */
  cancelSubscription(): Promise<void> {
    return Promise.resolve();
  }

  /** A test-mode payment moved no money: its refund is only a name. */
  refund(): Promise<string> {
    return Promise.resolve(`re_test_${randomBytes(12).toString('hex')}`);
  }

  /** The Stripe-shaped notice that the order's checkout session was paid, and its signature. */
  paidNotice(order: OrderRow, nowMs: number): { payload: string; signature: string } {
    const created = Math.floor(nowMs / 1000);
    const payload = JSON.stringify({
      id: `evt_test_${randomBytes(12).toString('hex')}`,
      object: 'event',
      type: 'checkout.session.completed',
      created,
      livemode: false,
      data: {
        object: {
          id: order.providerRef,
          object: 'checkout.session',
          mode: 'payment',
          status: 'complete',
          payment_status: 'paid',
          amount_total: order.amountCents,
          currency: order.currency,
          client_reference_id: order.id,
          metadata: { order_id: order.id, plan: order.plan },
          payment_intent: `pi_test_${randomBytes(12).toString('hex')}`,
        },
      },
    });
    const signature = offlineStripe.webhooks.generateTestHeaderString({
      payload,
      secret: this.webhookSecret,
      timestamp: created,
    });
    return { payload, signature };
  }
}

export class TestCryptoGateway implements CryptoGateway {
  readonly mode = 'test';
  readonly ipnSecret = randomBytes(24).toString('hex');

  constructor(private readonly db: Db) {}

  createInvoice(request: CheckoutRequest): Promise<CheckoutSession> {
    return Promise.resolve({
      ref: `test-invoice-${randomBytes(8).toString('hex')}`,
      url: request.testCheckoutUrl,
    });
  }

  verifyIpn(body: unknown, signature: string): boolean {
    return verifyNowpaymentsSignature(this.ipnSecret, body, signature);
  }

  /** The test payment as the test checkout recorded it on the order. */
  async getPayment(paymentId: string): Promise<CryptoPayment> {
    const order = await repo.findTestPayment(this.db, paymentId);
    if (!order) throw new Error(`no test payment ${paymentId}`);
    return {
      payment_id: paymentId,
      payment_status: order.testPaymentStatus ?? 'waiting',
      order_id: order.id,
      price_amount: order.amountCents / 100,
      price_currency: order.currency,
      invoice_id: order.providerRef,
    };
  }

  /** Records a finished test payment for the order and makes its signed IPN. */
  async paidNotice(order: OrderRow): Promise<{ body: Record<string, unknown>; signature: string }> {
    const paymentId = await repo.claimTestPayment(
      this.db,
      order.id,
      String(randomInt(1_000_000_000, 9_999_999_999)),
      'finished',
    );
    const body = {
      payment_id: Number(paymentId),
      invoice_id: order.providerRef,
      payment_status: 'finished',
      pay_address: 'test-address',
      price_amount: order.amountCents / 100,
      price_currency: order.currency,
      pay_amount: order.amountCents / 100,
      actually_paid: order.amountCents / 100,
      pay_currency: 'usdttrc20',
      order_id: order.id,
      order_description: order.plan,
      outcome_amount: order.amountCents / 100,
      outcome_currency: 'usdttrc20',
    };
    return { body, signature: nowpaymentsSignature(this.ipnSecret, body) };
  }
}
