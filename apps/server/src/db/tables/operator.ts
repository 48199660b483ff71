/** The operator console's audit log (issue 23). */
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, serialId } from './columns';
import { userOrNull } from './accounts';

/** What an operator action names: a user, an order or a job. */
export const OPERATOR_TARGETS = ['user', 'order', 'job'] as const;

/**
 * Every action taken in the operator console (credits granted or taken back, an order refunded,
 * a ban, a job retried or cancelled): who, what, on which thing, why, and what it changed.
 * Written in the transaction that makes the change, so there is never a change without its row.
 * Never edited; kept when the target goes (its id stays as text).
 */
export const operatorActions = pgTable(
  'operator_actions',
  {
    id: serialId(),
    /** The admin; null once their account is erased. */
    adminId: userOrNull('admin_id'),
    action: text('action').notNull(),
    targetType: text('target_type', { enum: OPERATOR_TARGETS }).notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason').notNull().default(''),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('operator_actions_created_idx').on(t.createdAt, t.id),
    index('operator_actions_target_idx').on(t.targetType, t.targetId, t.createdAt),
  ],
);
export type OperatorActionRow = typeof operatorActions.$inferSelect;
export type NewOperatorActionRow = typeof operatorActions.$inferInsert;
