import {
  checkoutBodySchema,
  ErrorCode,
  mintCodesBodySchema,
  orderQuerySchema,
  redeemBodySchema,
  serverMessage,
  testCheckoutBodySchema,
  type PayMethod,
} from '@lumi/contract';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../lib/envelope';
import { BusinessError, forbidden } from '../../lib/errors';
import { requestLocale } from '../../lib/request-locale';
import { validate } from '../../lib/validate';
import { caller } from '../../plugins/auth';
import type { PaymentsService } from './payments.service';
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
  const checkout = (method: PayMethod) =>
    app.post(
      method === 'card' ? '/v5pay/create-checkout-session' : '/nowpayments/create-checkout-session',
      async (request) => {
        const { plan } = validate(checkoutBodySchema, request.body);
        return ok(await payments.checkout(caller(request).user, method, plan, requestLocale(request)));
      },
    );
  checkout('card');
  checkout('crypto');

  app.get('/pay/order', async (request) => {
    const { id } = validate(orderQuerySchema, request.query);
    return ok(await payments.order(caller(request).user, id));
  });

  app.get('/pay/history', async (request) => ok({ purchases: await payments.history(caller(request).user) }));

  app.post('/pay/test-checkout', async (request) => {
    const body = validate(testCheckoutBodySchema, request.body);
    const order = await payments.testOrder(caller(request).user, body.order_id);
    if (body.outcome === 'cancel') return ok(await payments.cancelTestOrder(order));
    if (order.status !== 'paid') {
      const gateway = order.provider === 'stripe' ? testCard : testCrypto;
      if (!gateway) throw forbidden();
      const sent =
        gateway instanceof TestCardGateway
          ? (() => {
              const notice = gateway.paidNotice(order, Date.now());
              return deliver(
                '/cgi-bin/webhooks/stripe',
                { 'stripe-signature': notice.signature },
                notice.payload,
              );
            })()
          : gateway
              .paidNotice(order)
              .then((notice) =>
                deliver(
                  '/cgi-bin/webhooks/nowpayments',
                  { 'x-nowpayments-sig': notice.signature },
                  JSON.stringify(notice.body),
                ),
              );
      const { statusCode } = await sent;
      if (statusCode !== 200) throw new BusinessError(ErrorCode.SERVICE_BUSY, 'service_busy');
    }
    return ok(await payments.orderView(order.id));
  });

  app.post('/redeem', async (request) => {
    const { code } = validate(redeemBodySchema, request.body);
    const data = await redeem.redeem(caller(request).user.id, code, request.ip);
    return { code: 0, message: serverMessage(requestLocale(request), 'redeem_success'), data };
  });

  app.get('/stripe/cancel-subscription', async (request) => {
    await payments.cancelSubscription(caller(request).user);
    return { code: 0, message: serverMessage(requestLocale(request), 'cancel_success'), data: null };
  });
};

/**
 * The providers' notices, unauthenticated and verified by signature. Stripe's signature covers
 * the exact bytes, so its body is kept raw.
 */
export const paymentWebhookRoutes: FastifyPluginAsync<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  await app.register(async (stripe) => {
    stripe.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    stripe.post('/stripe', async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      const outcome = await payments.stripeWebhook(
        raw,
        typeof signature === 'string' ? signature : undefined,
      );
      return reply.code(outcome.status).send(outcome.body);
    });
  });
  app.post('/nowpayments', async (request, reply) => {
    const signature = request.headers['x-nowpayments-sig'];
    const outcome = await payments.nowpaymentsWebhook(
      request.body,
      typeof signature === 'string' ? signature : undefined,
    );
    return reply.code(outcome.status).send(outcome.body);
  });
};

/**
 * POST /cgi-bin/admin/redeem-codes/create: admins mint codes (also `npm run admin -- mint-codes`);
 * the admin scope's hook lets only admins in (app.ts).
 */
export const adminPaymentRoutes: FastifyPluginAsync<{ redeem: RedeemService }> = async (app, { redeem }) => {
  app.post('/redeem-codes/create', async (request) => {
    const { user } = caller(request);
    const body = validate(mintCodesBodySchema, request.body);
    return ok({ codes: await redeem.mint(body, user.id) });
  });
};
