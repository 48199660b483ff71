/** Moderation: the checks' decisions, users' reports and the admins' audit log. */
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, serialId } from './columns';
import { userOrNull, users } from './accounts';

/**
 * What moderation decided, without the text (issue 18): refusals and crisis notices per surface,
 * for the operator's counts. The user is kept for abuse review and erased with the account.
 */
export const moderationEvents = pgTable(
  'moderation_events',
  {
    id: serialId(),
    userId: userOrNull('user_id'),
    /** Where: chat, reply, persona, memory, character, image_prompt, voice_script, image, upload. */
    surface: text('surface').notNull(),
    /** 'refuse', 'crisis' or 'explicit'. */
    verdict: text('verdict').notNull(),
    categories: jsonb('categories').$type<string[]>().notNull().default([]),
    /** The engine that decided (offline floor, openai-moderation, llama-guard, nsfwjs). */
    engine: text('engine').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('moderation_events_created_idx').on(t.createdAt, t.verdict)],
);

/** A user's report of a character, message, shared picture or profile (issue 18). */
export const reports = pgTable(
  'reports',
  {
    id: serialId(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: ['character', 'message', 'share', 'profile'] }).notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason').notNull(),
    details: text('details').notNull().default(''),
    /** What was reported as the reporter saw it (a private message's text), for the reviewer. */
    excerpt: text('excerpt').notNull().default(''),
    status: text('status', { enum: ['open', 'actioned', 'dismissed'] })
      .notNull()
      .default('open'),
    resolvedBy: userOrNull('resolved_by'),
    resolvedAt: at('resolved_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reports_reporter_target_idx').on(t.reporterId, t.targetType, t.targetId),
    index('reports_open_idx')
      .on(t.targetType, t.targetId)
      .where(sql`status = 'open'`),
    index('reports_created_idx').on(t.createdAt),
  ],
);
export type ReportRow = typeof reports.$inferSelect;

/** The audit log of admins' moderation: who did what to which item, and why. Never edited. */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: serialId(),
    /** The admin, or null for an automatic action (hidden by reports). */
    actorId: userOrNull('actor_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('moderation_actions_created_idx').on(t.createdAt),
    index('moderation_actions_target_idx').on(t.targetType, t.targetId),
  ],
);
