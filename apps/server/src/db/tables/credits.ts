/** The credits ledger: buckets with an expiry and the entries that move them. */
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, serialId } from './columns';
import { userOf } from './accounts';

/**
 * A bucket of credits with its own expiry: the day's free credits (one per user and UTC day)
 * or a paid pack. Spending takes from buckets; `remaining` never goes below zero.
 */
export const creditBuckets = pgTable(
  'credit_buckets',
  {
    id: serialId(),
    userId: userOf(),
    kind: text('kind', { enum: ['daily', 'paid'] }).notNull(),
    /** The UTC day of a daily bucket. */
    day: date('day', { mode: 'string' }),
    amount: integer('amount').notNull(),
    remaining: integer('remaining').notNull(),
    expiresAt: at('expires_at').notNull(),
    /** What granted it (a plan, a redeem code, an admin) and that thing's id, for idempotency. */
    source: text('source').notNull(),
    sourceRef: text('source_ref'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('credit_buckets_user_day_idx').on(t.userId, t.day),
    uniqueIndex('credit_buckets_source_ref_idx').on(t.source, t.sourceRef),
    index('credit_buckets_user_expires_idx').on(t.userId, t.expiresAt),
    check('credit_buckets_remaining_check', sql`${t.remaining} >= 0 AND ${t.remaining} <= ${t.amount}`),
  ],
);
export type CreditBucket = typeof creditBuckets.$inferSelect;
export type NewCreditBucket = typeof creditBuckets.$inferInsert;

/**
 * The append-only ledger: every grant, spend and refund, one row per bucket touched. A spend
 * over several buckets shares one `operation_id`; its refund points back with `refund_of`.
 */
export const creditEntries = pgTable(
  'credit_entries',
  {
    id: serialId(),
    userId: userOf(),
    bucketId: bigint('bucket_id', { mode: 'number' })
      .notNull()
      .references(() => creditBuckets.id, { onDelete: 'cascade' }),
    operationId: uuid('operation_id').notNull(),
    kind: text('kind', { enum: ['grant', 'spend', 'refund', 'revoke'] }).notNull(),
    /** Signed: positive for grants and refunds, negative for spends and revokes (an operator took credits back). */
    delta: integer('delta').notNull(),
    reason: text('reason').notNull(),
    /** For a refund: the operation it reverses (at most one refund per spend). */
    refundOf: uuid('refund_of'),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_entries_user_created_idx').on(t.userId, t.createdAt),
    index('credit_entries_operation_idx').on(t.operationId),
    uniqueIndex('credit_entries_refund_of_bucket_idx').on(t.refundOf, t.bucketId),
  ],
);
export type CreditEntry = typeof creditEntries.$inferSelect;
export type NewCreditEntry = typeof creditEntries.$inferInsert;
