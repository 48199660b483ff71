import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Login type of the account (spec §3): 0 tourist, 1 Google, 2 Facebook, 4 other. */
    type: smallint('type').notNull(),
    /** SHA-256 of the tourist code; the code itself is never stored. */
    touristCodeHash: text('tourist_code_hash'),
    email: text('email'),
    name: text('name').notNull().default(''),
    head: text('head').notNull().default(''),
    enableNsfw: boolean('enable_nsfw').notNull().default(false),
    subscription: boolean('subscription').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_tourist_code_hash_idx').on(t.touristCodeHash),
    uniqueIndex('users_email_idx').on(t.email),
  ],
);
export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the ticket; the ticket itself only lives in the browser's cookie. */
    ticketHash: text('ticket_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sessions_ticket_hash_idx').on(t.ticketHash),
    index('sessions_user_id_idx').on(t.userId),
  ],
);
export type Session = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;

/**
 * A bucket of credits with its own expiry: the day's free credits (one per user and UTC day)
 * or a paid pack. Spending takes from buckets; `remaining` never goes below zero.
 */
export const creditBuckets = pgTable(
  'credit_buckets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['daily', 'paid'] }).notNull(),
    /** The UTC day of a daily bucket. */
    day: date('day', { mode: 'string' }),
    amount: integer('amount').notNull(),
    remaining: integer('remaining').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** What granted it (a plan, a redeem code, an admin) and that thing's id, for idempotency. */
    source: text('source').notNull(),
    sourceRef: text('source_ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bucketId: bigint('bucket_id', { mode: 'number' })
      .notNull()
      .references(() => creditBuckets.id, { onDelete: 'cascade' }),
    operationId: uuid('operation_id').notNull(),
    kind: text('kind', { enum: ['grant', 'spend', 'refund'] }).notNull(),
    /** Signed: positive for grants and refunds, negative for spends. */
    delta: integer('delta').notNull(),
    reason: text('reason').notNull(),
    /** For a refund: the operation it reverses (at most one refund per spend). */
    refundOf: uuid('refund_of'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_entries_user_created_idx').on(t.userId, t.createdAt),
    index('credit_entries_operation_idx').on(t.operationId),
    uniqueIndex('credit_entries_refund_of_bucket_idx').on(t.refundOf, t.bucketId),
  ],
);
export type CreditEntry = typeof creditEntries.$inferSelect;
export type NewCreditEntry = typeof creditEntries.$inferInsert;
