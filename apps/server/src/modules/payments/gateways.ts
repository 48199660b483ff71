import { createHmac, timingSafeEqual } from 'node:crypto';
import Stripe from 'stripe';

/** What a checkout is for, as the gateways need it. Prices come from the server's catalogue. */
export interface CheckoutRequest {
  orderId: string;
  userId: string;
  email: string | null;
  plan: string;
  title: string;
  amountCents: number;
  currency: string;
  successUrl: string;
  cancelUrl: string;
  /** The built-in test checkout's page for this order (test gateways only). */
  testCheckoutUrl: string;
}

export interface CheckoutSession {
  /** The provider's id of the checkout: Stripe's session id or NOWPayments' invoice id. */
  ref: string;
  url: string;
}

/** Card checkout: Stripe Checkout or the built-in test checkout. */
export interface CardGateway {
  readonly mode: 'stripe' | 'test';
  createSession(request: CheckoutRequest): Promise<CheckoutSession>;
  /** Verifies Stripe-Signature on the raw body; throws when forged or stale. */
  verifyEvent(rawBody: Buffer, signature: string, nowMs: number): Stripe.Event;
  cancelSubscription(subscriptionId: string): Promise<void>;
  /**
   * Refunds the whole payment (an operator's refund, issue 23); answers the refund's id. Keyed by
   * the order, so a repeat (or two operators at once) makes one refund.
   */
  refund(paymentRef: string, orderId: string): Promise<string>;
}

/** Seconds a signed Stripe notice stays acceptable (decisions.md). */
export const STRIPE_TOLERANCE_S = 300;

/** A provider refused or could not be reached. Logged; the user gets 'service busy'. */
export class GatewayError extends Error {
  override name = 'GatewayError';
}

/** Stripe through its own package; `apiUrl` may point at a proxy or a local test server. */
export class StripeGateway implements CardGateway {
  readonly mode = 'stripe';
  private readonly stripe: Stripe;

  constructor(private readonly options: { secretKey: string; webhookSecret: string; apiUrl: string }) {
    const api = new URL(options.apiUrl);
    this.stripe = new Stripe(options.secretKey, {
      host: api.hostname,
      port: api.port || (api.protocol === 'http:' ? 80 : 443),
      protocol: api.protocol === 'http:' ? 'http' : 'https',
      timeout: 20_000,
      maxNetworkRetries: 2,
      telemetry: false,
    });
  }

  async createSession(request: CheckoutRequest): Promise<CheckoutSession> {
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency,
              unit_amount: request.amountCents,
              product_data: { name: request.title },
            },
          },
        ],
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        client_reference_id: request.orderId,
        ...(request.email ? { customer_email: request.email } : {}),
        metadata: { order_id: request.orderId, plan: request.plan, user_id: request.userId },
        payment_intent_data: { metadata: { order_id: request.orderId } },
      },
      // The order id: a retried request never makes a second session.
      { idempotencyKey: `checkout-${request.orderId}` },
    );
    if (!session.url) throw new GatewayError('Stripe answered a session without a url');
    return { ref: session.id, url: session.url };
  }

  verifyEvent(rawBody: Buffer, signature: string, nowMs: number): Stripe.Event {
    return this.stripe.webhooks.constructEvent(
      rawBody,
      signature,
      this.options.webhookSecret,
      STRIPE_TOLERANCE_S,
      undefined,
      nowMs,
    );
  }

  async cancelSubscription(subscriptionId: string): Promise<void> {
    await this.stripe.subscriptions.cancel(subscriptionId);
  }

  async refund(paymentRef: string, orderId: string): Promise<string> {
    // The webhook keeps the payment intent; an old order may hold a charge id instead.
    const target = paymentRef.startsWith('ch_') ? { charge: paymentRef } : { payment_intent: paymentRef };
    if (!/^(pi|ch)_/.test(paymentRef)) throw new GatewayError(`not a Stripe payment: ${paymentRef}`);
    const refund = await this.stripe.refunds.create(
      { ...target, reason: 'requested_by_customer', metadata: { order_id: orderId } },
      { idempotencyKey: `refund-${orderId}` },
    );
    return refund.id;
  }
}

/** A NOWPayments payment as `GET /v1/payment/{id}` answers it (the fields we read). */
export interface CryptoPayment {
  payment_id: string | number;
  payment_status: string;
  order_id?: string | null;
  price_amount?: number | string;
  price_currency?: string;
  invoice_id?: string | number | null;
}

/** Crypto checkout: NOWPayments invoices or the built-in test checkout. */
export interface CryptoGateway {
  readonly mode: 'nowpayments' | 'test';
  createInvoice(request: CheckoutRequest, ipnUrl: string): Promise<CheckoutSession>;
  /** The IPN's signature: HMAC-SHA512 of the key-sorted JSON body, compared in constant time. */
  verifyIpn(body: unknown, signature: string): boolean;
  /** The payment as the provider's API has it now: an IPN alone is never trusted. */
  getPayment(paymentId: string): Promise<CryptoPayment>;
}

/** JSON with every object's keys sorted, at every depth (NOWPayments signs this form). */
export function sortedJson(value: unknown): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
      );
    }
    return v;
  };
  return JSON.stringify(sort(value));
}

export function nowpaymentsSignature(secret: string, body: unknown): string {
  return createHmac('sha512', secret).update(sortedJson(body)).digest('hex');
}

export function verifyNowpaymentsSignature(secret: string, body: unknown, signature: string): boolean {
  const expected = Buffer.from(nowpaymentsSignature(secret, body), 'hex');
  const given = Buffer.from(signature.trim().toLowerCase(), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The payment statuses after which the money is ours (NOWPayments' 'finished'). */
export const CRYPTO_PAID_STATUSES: ReadonlySet<string> = new Set(['finished']);

/** NOWPayments' REST API with `x-api-key`; IPN re-checks must fit in its 3 s answer window. */
export class NowPaymentsGateway implements CryptoGateway {
  readonly mode = 'nowpayments';

  constructor(private readonly options: { apiKey: string; ipnSecret: string; apiUrl: string }) {}

  private async call<T>(
    path: string,
    init: { method: string; body?: unknown; timeoutMs: number },
  ): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.options.apiUrl}${path}`, {
        method: init.method,
        headers: {
          'x-api-key': this.options.apiKey,
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(init.timeoutMs),
      });
    } catch (err) {
      throw new GatewayError(`NOWPayments ${path}: ${(err as Error).message}`);
    }
    const text = await response.text();
    if (!response.ok)
      throw new GatewayError(`NOWPayments ${path}: HTTP ${response.status} ${text.slice(0, 200)}`);
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new GatewayError(`NOWPayments ${path}: not JSON`);
    }
  }

  async createInvoice(request: CheckoutRequest, ipnUrl: string): Promise<CheckoutSession> {
    const invoice = await this.call<{ id?: string | number; invoice_url?: string }>('/v1/invoice', {
      method: 'POST',
      timeoutMs: 20_000,
      body: {
        price_amount: request.amountCents / 100,
        price_currency: request.currency,
        order_id: request.orderId,
        order_description: request.title,
        ipn_callback_url: ipnUrl,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      },
    });
    if (invoice.id === undefined || !invoice.invoice_url) {
      throw new GatewayError('NOWPayments answered an invoice without id or invoice_url');
    }
    return { ref: String(invoice.id), url: invoice.invoice_url };
  }

  verifyIpn(body: unknown, signature: string): boolean {
    return verifyNowpaymentsSignature(this.options.ipnSecret, body, signature);
  }

  getPayment(paymentId: string): Promise<CryptoPayment> {
    return this.call<CryptoPayment>(`/v1/payment/${encodeURIComponent(paymentId)}`, {
      method: 'GET',
      timeoutMs: 2_000,
    });
  }
}
