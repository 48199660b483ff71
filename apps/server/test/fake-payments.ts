import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fake received, as the tests inspect it. */
export interface Received {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** Form fields (Stripe) or the JSON body (NOWPayments). */
  body: Record<string, unknown>;
}

export interface FakeServer {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

async function serve(handle: (r: Received) => { status: number; json: unknown }): Promise<FakeServer> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const type = req.headers['content-type'] ?? '';
      const body: Record<string, unknown> = type.includes('json')
        ? (JSON.parse(text || '{}') as Record<string, unknown>)
        : Object.fromEntries(new URLSearchParams(text));
      const r: Received = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body };
      received.push(r);
      const out = handle(r);
      res.writeHead(out.status, {
        'content-type': 'application/json',
        'request-id': `req_${received.length}`,
      });
      res.end(JSON.stringify(out.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The parts of Stripe's API the site calls, as Stripe answers them: Checkout Sessions
 * (form-encoded, Bearer key, Idempotency-Key replays the first answer), subscription cancel,
 * and refunds (a payment refunded twice without the same Idempotency-Key is refused, as Stripe
 * refuses it: charge_already_refunded). `refunded` holds the payments refunded.
 */
export function fakeStripe(options: {
  secretKey: string;
}): Promise<FakeServer & { subscriptions: Set<string>; refunded: Set<string> }> {
  const byKey = new Map<string, unknown>();
  const refunded = new Set<string>();
  const subscriptions = new Set<string>();
  let n = 0;
  const stripeError = (status: number, code: string, message: string) => ({
    status,
    json: { error: { type: 'invalid_request_error', code, message } },
  });
  return serve((r) => {
    if (r.headers.authorization !== `Bearer ${options.secretKey}`) {
      return { status: 401, json: { error: { type: 'invalid_request_error', message: 'Invalid API Key' } } };
    }
    if (r.method === 'POST' && r.path === '/v1/checkout/sessions') {
      const key = String(r.headers['idempotency-key'] ?? '');
      const replay = key ? byKey.get(key) : undefined;
      if (replay) return { status: 200, json: replay };
      const f = r.body as Record<string, string>;
      if (f.mode !== 'payment' || !f.success_url || !f.cancel_url) {
        return stripeError(400, 'parameter_missing', 'mode, success_url and cancel_url are required');
      }
      const id = `cs_test_fake${++n}`;
      const session = {
        id,
        object: 'checkout.session',
        mode: 'payment',
        status: 'open',
        payment_status: 'unpaid',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        amount_total:
          Number(f['line_items[0][price_data][unit_amount]']) * Number(f['line_items[0][quantity]']),
        currency: f['line_items[0][price_data][currency]'],
        client_reference_id: f.client_reference_id,
        customer_email: f.customer_email ?? null,
        metadata: {
          order_id: f['metadata[order_id]'],
          plan: f['metadata[plan]'],
          user_id: f['metadata[user_id]'],
        },
      };
      if (key) byKey.set(key, session);
      return { status: 200, json: session };
    }
    if (r.method === 'POST' && r.path === '/v1/refunds') {
      const key = String(r.headers['idempotency-key'] ?? '');
      const replay = key ? byKey.get(`refund:${key}`) : undefined;
      if (replay) return { status: 200, json: replay };
      const f = r.body as Record<string, string>;
      const target = f.payment_intent ?? f.charge;
      if (!target)
        return stripeError(400, 'parameter_missing', 'One of charge or payment_intent is required');
      if (target.includes('failing')) {
        return {
          status: 402,
          json: { error: { type: 'card_error', code: 'refund_failed', message: 'declined' } },
        };
      }
      if (!/^(pi|ch)_/.test(target)) {
        return stripeError(404, 'resource_missing', `No such payment_intent: '${target}'`);
      }
      if (refunded.has(target)) {
        return stripeError(400, 'charge_already_refunded', `Charge for ${target} has already been refunded.`);
      }
      refunded.add(target);
      const refund = {
        id: `re_fake${++n}`,
        object: 'refund',
        amount: Number(f.amount ?? 0) || null,
        currency: 'usd',
        ...(f.payment_intent ? { payment_intent: f.payment_intent } : { charge: f.charge }),
        reason: f.reason ?? null,
        status: 'succeeded',
        metadata: { order_id: f['metadata[order_id]'] },
      };
      if (key) byKey.set(`refund:${key}`, refund);
      return { status: 200, json: refund };
    }
    const sub = /^\/v1\/subscriptions\/([\w-]+)$/.exec(r.path);
    if (r.method === 'DELETE' && sub?.[1]) {
      if (sub[1].includes('failing'))
        return { status: 402, json: { error: { type: 'card_error', message: 'declined' } } };
      if (!subscriptions.delete(sub[1]))
        return stripeError(404, 'resource_missing', `No such subscription: '${sub[1]}'`);
      return { status: 200, json: { id: sub[1], object: 'subscription', status: 'canceled' } };
    }
    return stripeError(404, 'resource_missing', `Unrecognized request URL (${r.method}: ${r.path})`);
  }).then((s) => Object.assign(s, { subscriptions, refunded }));
}

/**
 * NOWPayments' invoice and payment-status calls (x-api-key). `payments` is what
 * GET /v1/payment/{id} answers; the tests set it to the state the "blockchain" is in.
 */
export function fakeNowPayments(options: {
  apiKey: string;
}): Promise<FakeServer & { payments: Map<string, Record<string, unknown>> }> {
  const payments = new Map<string, Record<string, unknown>>();
  let n = 5_000;
  return serve((r) => {
    if (r.headers['x-api-key'] !== options.apiKey) {
      return { status: 403, json: { statusCode: 403, code: 'INVALID_API_KEY', message: 'Invalid api key' } };
    }
    if (r.method === 'POST' && r.path === '/v1/invoice') {
      const id = String(++n);
      return {
        status: 200,
        json: {
          id,
          order_id: r.body.order_id,
          price_amount: String(r.body.price_amount),
          price_currency: r.body.price_currency,
          invoice_url: `https://nowpayments.test/payment/?iid=${id}`,
          created_at: new Date().toISOString(),
        },
      };
    }
    const m = /^\/v1\/payment\/(\w+)$/.exec(r.path);
    if (r.method === 'GET' && m?.[1]) {
      const payment = payments.get(m[1]);
      if (!payment)
        return { status: 404, json: { statusCode: 404, code: 'NOT_FOUND', message: 'Payment not found' } };
      return { status: 200, json: payment };
    }
    return { status: 404, json: { statusCode: 404, message: 'not found' } };
  }).then((s) => Object.assign(s, { payments }));
}
