import { ErrorCode, PAYMENT_ENDPOINTS as E } from '@lumi/contract';
import { serverMessage } from '../../i18n';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/endpoint';
import { ok } from '../../lib/envelope';
import { BusinessError, forbidden } from '../../lib/errors';
import { requestLocale } from '../../lib/request-locale';
import { caller } from '../../plugins/auth';
import type { PaymentsService, WebhookOutcome } from './payments.service';
import type { RedeemService } from './redeem.service';
import { TestCardGateway, type TestCryptoGateway } from './test-checkout';

/** Hands a signed notice to this process's own webhook route, as a provider would post it. */
export type DeliverNotice = (
  path: string,
  headers: Record<string, string>,
  payload: string,
) => Promise<{ statusCode: number }>;

/** The signed-in calls: checkout (spec §7), orders, history, test checkout, redeem, cancel. */
export const paymentRoutes: FastifyPluginAsync<{
  payments: PaymentsService;
  redeem: RedeemService;
  testCard: TestCardGateway | undefined;
  testCrypto: TestCryptoGateway | undefined;
  deliver: DeliverNotice;
}> = async (app, { payments, redeem, testCard, testCrypto, deliver }) => {
  route(app, E.checkoutCard, async (request) =>
    ok(await payments.checkout(caller(request).user, 'card', request.body.plan, requestLocale(request))),
  );

  route(app, E.checkoutCrypto, async (request) =>
    ok(await payments.checkout(caller(request).user, 'crypto', request.body.plan, requestLocale(request))),
  );

  route(app, E.payOrder, async (request) => ok(await payments.order(caller(request).user, request.query.id)));

  route(app, E.payHistory, async (request) =>
    ok({ purchases: await payments.history(caller(request).user) }),
  );

  route(app, E.payTestCheckout, async (request) => {
    const body = request.body;
    const order = await payments.testOrder(caller(request).user, body.order_id);
    if (body.outcome === 'cancel') return ok(await payments.cancelTestOrder(order));
    if (order.status !== 'paid') {
      const gateway = order.provider === 'stripe' ? testCard : testCrypto;
      if (!gateway) throw forbidden();
      const sent =
        gateway instanceof TestCardGateway
          ? (() => {
              const notice = gateway.paidNotice(order, Date.now());
              return deliver(E.stripeWebhook.path, { 'stripe-signature': notice.signature }, notice.payload);
            })()
          : gateway
              .paidNotice(order)
              .then((notice) =>
                deliver(
                  E.nowpaymentsWebhook.path,
                  { 'x-nowpayments-sig': notice.signature },
                  JSON.stringify(notice.body),
                ),
              );
      const { statusCode } = await sent;
      if (statusCode !== 200) throw new BusinessError(ErrorCode.SERVICE_BUSY, 'service_busy');
    }
    return ok(await payments.orderView(order.id));
  });

  // The two calls whose success the user reads: the message says it, in their language.
  route(app, E.redeem, async (request) => {
    const data = await redeem.redeem(caller(request).user.id, request.body.code, request.ip);
    return ok(data, serverMessage(requestLocale(request), 'redeem_success'));
  });

  route(app, E.cancelSubscription, async (request) => {
    await payments.cancelSubscription(caller(request).user);
    return ok(null, serverMessage(requestLocale(request), 'cancel_success'));
  });
};

/**
 * The providers' notices, unauthenticated and verified by signature. Stripe's signature covers
 * the exact bytes, so its body is kept raw. They answer the providers' own `{ received,
 * granted?, error? }` (`bare` in the table) with the status the provider acts on.
 */
export const paymentWebhookRoutes: FastifyPluginAsync<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  // Every notice is counted by how it ended (lumi_payment_webhooks_total).
  const counted = async (provider: string, handle: Promise<WebhookOutcome>) => {
    try {
      const outcome = await handle;
      app.metrics.paymentWebhooks.inc({ provider, outcome: webhookOutcome(outcome) });
      return outcome;
    } catch (err) {
      app.metrics.paymentWebhooks.inc({ provider, outcome: 'error' });
      throw err;
    }
  };
  await app.register(async (stripe) => {
    stripe.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    route(stripe, E.stripeWebhook, async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      const outcome = await counted(
        'stripe',
        payments.stripeWebhook(raw, typeof signature === 'string' ? signature : undefined),
      );
      return reply.code(outcome.status).send(outcome.body);
    });
  });
  route(app, E.nowpaymentsWebhook, async (request, reply) => {
    const signature = request.headers['x-nowpayments-sig'];
    const outcome = await counted(
      'nowpayments',
      payments.nowpaymentsWebhook(request.body, typeof signature === 'string' ? signature : undefined),
    );
    return reply.code(outcome.status).send(outcome.body);
  });
};

/** A notice's outcome as a label: granted, ignored (valid, nothing to grant), refused, disabled, error. */
function webhookOutcome(outcome: WebhookOutcome): string {
  if (outcome.status === 404) return 'disabled';
  if (outcome.status === 400) return 'refused';
  if (outcome.status >= 500) return 'error';
  return outcome.body.granted ? 'granted' : 'ignored';
}

/**
 * POST /cgi-bin/admin/redeem-codes/create: admins mint codes (also `npm run admin -- mint-codes`);
 * the admin scope's hook lets only admins in (app.ts).
 */
export const adminPaymentRoutes: FastifyPluginAsync<{ redeem: RedeemService }> = async (app, { redeem }) => {
  route(app, E.mintCodes, async (request) =>
    ok({ codes: await redeem.mint(request.body, caller(request).user.id) }),
  );
};
