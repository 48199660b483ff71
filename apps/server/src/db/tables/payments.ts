/** Orders, the providers' notices, redeem codes and failed redeem tries. */
import { boolean, index, integer, primaryKey, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, serialId } from './columns';
import { userOrNull, users } from './accounts';

/**
 * A purchase of a plan: made pending when the checkout starts, paid once the provider's signed
 * notice arrives (then its credits are granted in the same transaction). Price, credits and
 * expiry are copied from the catalogue at checkout, so a later catalogue change never alters an
 * order. Orders outlive a removed account without its id (kept for the books, nothing personal).
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userOrNull('user_id'),
    plan: text('plan').notNull(),
    /** 'stripe' (card) or 'nowpayments' (crypto). */
    provider: text('provider', { enum: ['stripe', 'nowpayments'] }).notNull(),
    /** Made in the built-in test checkout: no money moves. */
    testMode: boolean('test_mode').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'canceled', 'refunded'] })
      .notNull()
      .default('pending'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    credits: integer('credits').notNull(),
    expiryDays: integer('expiry_days').notNull(),
    /** The buyer's language, for the receipt. */
    locale: text('locale').notNull(),
    /** The provider's checkout: Stripe's session id or NOWPayments' invoice id. */
    providerRef: text('provider_ref'),
    /** The payment that paid it: Stripe's payment intent or NOWPayments' payment id. */
    paymentRef: text('payment_ref'),
    /** Test-mode crypto orders: the status the test checkout's payment API answers. */
    testPaymentStatus: text('test_payment_status'),
    createdAt: createdAt(),
    paidAt: at('paid_at'),
    creditsExpireAt: at('credits_expire_at'),
    receiptSentAt: at('receipt_sent_at'),
    /** Refunded by an operator (issue 23): its credits were taken back in the same transaction. */
    refundedAt: at('refunded_at'),
    /** Stripe's refund id, or 'manual' for a crypto order refunded by hand. */
    refundRef: text('refund_ref'),
  },
  (t) => [
    uniqueIndex('orders_provider_ref_idx').on(t.provider, t.providerRef),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
  ],
);
export type OrderRow = typeof orders.$inferSelect;

/**
 * Every payment notice handled, by provider and event id (Stripe's event id; NOWPayments'
 * payment id and status): the same notice twice is recognised here, in the transaction that
 * grants, so it grants once however often and however concurrently it arrives.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    orderId: uuid('order_id'),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * Redeem codes (spec: exchange codes sold by key marketplaces): only a hash of the code is
 * kept. A code grants a plan's credits or a number of credits lasting `expiry_days`, once.
 */
export const redeemCodes = pgTable(
  'redeem_codes',
  {
    id: serialId(),
    codeHash: text('code_hash').notNull(),
    plan: text('plan'),
    credits: integer('credits').notNull(),
    expiryDays: integer('expiry_days').notNull(),
    /** After this a code can't be redeemed; null: no limit. */
    validUntil: at('valid_until'),
    note: text('note'),
    createdBy: userOrNull('created_by'),
    createdAt: createdAt(),
    redeemedBy: userOrNull('redeemed_by'),
    redeemedAt: at('redeemed_at'),
    creditsExpireAt: at('credits_expire_at'),
  },
  (t) => [
    uniqueIndex('redeem_codes_code_hash_idx').on(t.codeHash),
    index('redeem_codes_redeemed_by_idx').on(t.redeemedBy),
  ],
);

/** Failed redeem tries, counted per user and per address to slow down guessing. */
export const redeemFailures = pgTable(
  'redeem_failures',
  {
    id: serialId(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('redeem_failures_user_created_idx').on(t.userId, t.createdAt),
    index('redeem_failures_ip_created_idx').on(t.ip, t.createdAt),
  ],
);
