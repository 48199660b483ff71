/** What the whole deployment shares: small facts and the limits' counters. */
import { index, integer, primaryKey, pgTable, text } from 'drizzle-orm/pg-core';
import { at } from './columns';

/** Small facts the whole deployment shares, e.g. the UTC day the Hot order was drawn for. */
export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * Counters of the limits that must hold across every process (modules/limits): how many of
 * something a key (an address, a network, an account) used in a fixed window. Raised with one
 * atomic upsert, so concurrent requests on any number of processes never pass a limit.
 */
export const quotaCounters = pgTable(
  'quota_counters',
  {
    key: text('key').notNull(),
    windowStart: at('window_start').notNull(),
    used: integer('used').notNull().default(0),
    /** When the window ends: rows past it are swept. */
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index('quota_counters_expires_idx').on(t.expiresAt),
  ],
);
