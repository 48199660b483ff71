import { z } from 'zod';
import { ORDER_STATUSES, PAY_METHODS, PLANS, type PlanId } from '../credits';
import * as API from './routes/payments';
import { endpoint, noData } from './endpoint';

const ACTIVE_PLAN_IDS = PLANS.filter((p) => p.active).map((p) => p.id) as [PlanId, ...PlanId[]];
const ALL_PLAN_IDS = PLANS.map((p) => p.id) as [PlanId, ...PlanId[]];

/**
 * POST /cgi-bin/auth/v5pay/create-checkout-session (card) and
 * POST /cgi-bin/auth/nowpayments/create-checkout-session (crypto): the plan to buy. The price
 * always comes from the server's catalogue, never from the page.
 */
export const checkoutBodySchema = z.strictObject({
  plan: z.enum(ACTIVE_PLAN_IDS),
});
export type CheckoutBody = z.infer<typeof checkoutBodySchema>;

/** Where to send the browser to pay: the provider's page, or the built-in test checkout. */
export const checkoutDataSchema = z.object({
  url: z.string(),
  order_id: z.string(),
});
export type CheckoutData = z.infer<typeof checkoutDataSchema>;

/** GET /cgi-bin/auth/pay/order?id=: one of the caller's orders, for the success and test pages. */
export const orderSchema = z.object({
  id: z.string(),
  plan: z.enum(ALL_PLAN_IDS),
  method: z.enum(PAY_METHODS),
  status: z.enum(ORDER_STATUSES),
  amount_cents: z.number().int(),
  currency: z.string(),
  credits: z.number().int(),
  /** Paid in the built-in test checkout: no money moved. */
  test_mode: z.boolean(),
  created_at: z.number().int(),
  paid_at: z.number().int().nullable(),
  /** When the credits of this purchase expire, ms since the epoch; null until paid. */
  credits_expire_at: z.number().int().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderQuerySchema = z.strictObject({ id: z.uuid() });

/** POST /cgi-bin/auth/pay/test-checkout: the tester pays or cancels a test-mode order. */
export const testCheckoutBodySchema = z.strictObject({
  order_id: z.uuid(),
  outcome: z.enum(['pay', 'cancel']),
});

/** One line of GET /cgi-bin/auth/pay/history: a paid order or a redeemed code, newest first. */
export const purchaseSchema = z.object({
  id: z.string(),
  kind: z.enum(['order', 'redeem']),
  plan: z.enum(ALL_PLAN_IDS).nullable(),
  method: z.enum(PAY_METHODS).nullable(),
  amount_cents: z.number().int().nullable(),
  currency: z.string().nullable(),
  credits: z.number().int(),
  test_mode: z.boolean(),
  at: z.number().int(),
  credits_expire_at: z.number().int(),
});
export type Purchase = z.infer<typeof purchaseSchema>;

/** GET /cgi-bin/auth/pay/history: the newest 100 purchases. */
export const purchaseHistorySchema = z.object({ purchases: z.array(purchaseSchema) });
export type PurchaseHistory = z.infer<typeof purchaseHistorySchema>;

/** POST /cgi-bin/auth/redeem: an exchange code (spec §3, one text field). */
export const redeemBodySchema = z.strictObject({
  code: z.string().max(64),
});

export const redeemDataSchema = z.object({
  credits: z.number().int(),
  credits_expire_at: z.number().int(),
  plan: z.enum(ALL_PLAN_IDS).nullable(),
});
export type RedeemData = z.infer<typeof redeemDataSchema>;

/**
 * POST /cgi-bin/admin/redeem-codes/create: mint codes for a plan, or for a number of credits
 * that last `expiry_days`. `valid_days` bounds how long a code can be redeemed (none: forever).
 */
export const mintCodesBodySchema = z
  .strictObject({
    plan: z.enum(ALL_PLAN_IDS).optional(),
    credits: z.number().int().min(1).max(1_000_000).optional(),
    expiry_days: z.number().int().min(1).max(3650).optional(),
    count: z.number().int().min(1).max(1000).default(1),
    valid_days: z.number().int().min(1).max(3650).optional(),
    note: z.string().max(200).optional(),
  })
  .refine((b) => (b.plan === undefined) !== (b.credits === undefined), {
    message: 'give either plan or credits',
    path: ['plan'],
  });
export type MintCodesBody = z.infer<typeof mintCodesBodySchema>;

/** The codes minted, to hand out: shown once, only their hashes are kept. */
export const mintCodesDataSchema = z.object({ codes: z.array(z.string()) });
export type MintCodesData = z.infer<typeof mintCodesDataSchema>;

/** How the page should present each method: a real provider, or the built-in test checkout. */
export const paymentModesSchema = z.object({
  card: z.enum(['stripe', 'test', 'off']),
  crypto: z.enum(['nowpayments', 'test', 'off']),
});
export type PaymentModes = z.infer<typeof paymentModesSchema>;

const checkout = <R extends { method: 'POST'; path: `/cgi-bin/${string}` }>(method: string, route: R) =>
  endpoint({
    ...route,
    summary: `Buy a plan by ${method}: opens an order at the catalogue's price and answers where to pay it (accounts, not guests)`,
    tag: 'payments',
    access: 'session',
    body: checkoutBodySchema,
    response: checkoutDataSchema,
  });

/** What a provider's notice is answered with (the status says whether it should retry). */
export const webhookAckSchema = z.object({
  received: z.boolean(),
  /** The notice paid an order: its credits were granted now (false: granted before). */
  granted: z.boolean().optional(),
  error: z.string().optional(),
});

/**
 * Buying credits (spec §7): checkout, the orders and purchases, redeem codes, the admins'
 * minting, and the providers' signed notices, which answer their own acknowledgement.
 */
export const PAYMENT_ENDPOINTS = {
  stripeWebhook: endpoint({
    ...API.stripeWebhook,
    summary:
      "Stripe's signed event (Stripe-Signature over the exact body): a paid Checkout Session grants its order's credits once",
    tag: 'webhooks',
    access: 'public',
    bare: true,
    response: webhookAckSchema,
  }),
  nowpaymentsWebhook: endpoint({
    ...API.nowpaymentsWebhook,
    summary:
      "NOWPayments' signed IPN (x-nowpayments-sig, HMAC-SHA512 of the sorted JSON): a finished payment grants its order's credits once",
    tag: 'webhooks',
    access: 'public',
    bare: true,
    // Read as sent: the signature covers every field, so none is dropped or changed.
    body: z.unknown(),
    response: webhookAckSchema,
  }),
  checkoutCard: checkout('card (Stripe Checkout)', API.checkoutCard),
  checkoutCrypto: checkout('crypto (a NOWPayments invoice)', API.checkoutCrypto),
  payOrder: endpoint({
    ...API.payOrder,
    summary: 'One of your orders, with its status (the success and test checkout pages poll it)',
    tag: 'payments',
    access: 'session',
    query: orderQuerySchema,
    response: orderSchema,
  }),
  payHistory: endpoint({
    ...API.payHistory,
    summary: 'Your paid orders and redeemed codes, newest first',
    tag: 'payments',
    access: 'session',
    response: purchaseHistorySchema,
  }),
  payTestCheckout: endpoint({
    ...API.payTestCheckout,
    summary:
      "The built-in test checkout (no provider keys): pay a test-mode order, through the webhook's signed notice, or cancel it",
    tag: 'payments',
    access: 'session',
    body: testCheckoutBodySchema,
    response: orderSchema,
  }),
  redeem: endpoint({
    ...API.redeem,
    summary: 'Redeem an exchange code for its credits (the message says so, translated)',
    tag: 'payments',
    access: 'session',
    body: redeemBodySchema,
    response: redeemDataSchema,
  }),
  cancelSubscription: endpoint({
    ...API.cancelSubscription,
    summary: 'Stop a renewing plan (the message says so, translated)',
    tag: 'payments',
    access: 'session',
    response: noData,
  }),
  mintCodes: endpoint({
    ...API.mintCodes,
    summary: 'Mint redeem codes for a plan or a number of credits (admins)',
    tag: 'admin',
    access: 'admin',
    body: mintCodesBodySchema,
    response: mintCodesDataSchema,
  }),
};
