/** Generation jobs (images, speech, face swaps) and the pictures made public. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  real,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { at, createdAt } from './columns';
import { userOf } from './accounts';
import { characters } from './characters';

/**
 * Generation jobs (ARCHITECTURE.md): image, speech, voice clone, face swap. Made in the same
 * transaction that spends their credits; claimed by workers with FOR UPDATE SKIP LOCKED, fast
 * lane (0) before slow (1), oldest first. A running job's worker beats its heart; a job whose
 * worker stopped beating is retried once, then failed and refunded.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userOf(),
    kind: text('kind', { enum: ['image', 'speech', 'voice_clone', 'faceswap'] }).notNull(),
    /** 0 fast (priority), 1 slow. */
    lane: smallint('lane').notNull(),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    input: jsonb('input').notNull(),
    result: jsonb('result'),
    /** Failed: the message key to show. */
    error: text('error'),
    progress: real('progress'),
    attempts: smallint('attempts').notNull().default(0),
    cost: integer('cost').notNull(),
    /** The credits spend this job refunds if it fails. */
    spendOp: uuid('spend_op'),
    /** Made by an offline preview engine. */
    preview: boolean('preview').notNull().default(false),
    worker: text('worker'),
    /** The request that made it (its X-Request-Id): the worker logs the job with it as reqId. */
    requestId: text('request_id'),
    createdAt: createdAt(),
    startedAt: at('started_at'),
    heartbeatAt: at('heartbeat_at'),
    finishedAt: at('finished_at'),
  },
  (t) => [
    index('jobs_queue_idx')
      .on(t.lane, t.createdAt)
      .where(sql`${t.state} = 'queued'`),
    index('jobs_running_idx')
      .on(t.heartbeatAt)
      .where(sql`${t.state} = 'running'`),
    index('jobs_user_kind_created_idx').on(t.userId, t.kind, t.createdAt),
    // Each engine's last success and failure, and the last hour's (the operator console).
    index('jobs_kind_state_finished_idx').on(t.kind, t.state, t.finishedAt),
    // A reply read aloud is made once per message text and voice (character_msg/speech).
    index('jobs_speech_cache_idx')
      .on(t.userId, sql`(${t.input}->>'cache')`)
      .where(sql`${t.input} ? 'cache'`),
  ],
);
export type JobRow = typeof jobs.$inferSelect;
export type NewJobRow = typeof jobs.$inferInsert;

/** A generated image made public: its page is /share/<id>, the explore gallery lists it. */
export const imageShares = pgTable(
  'image_shares',
  {
    id: text('id').primaryKey(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    index: smallint('index').notNull(),
    userId: userOf(),
    /** The public copy of the file. */
    fileKey: text('file_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    prompt: text('prompt').notNull(),
    tool: text('tool').notNull(),
    preset: text('preset'),
    adult: boolean('adult').notNull().default(false),
    preview: boolean('preview').notNull().default(false),
    /** Shared to this character's page (a picture made in a chat with it, issue 22). */
    characterId: bigint('character_id', { mode: 'number' }).references(() => characters.id, {
      onDelete: 'cascade',
    }),
    /** Hidden by an admin, or by reports until one reviews it. */
    hiddenAt: at('hidden_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('image_shares_job_index_idx').on(t.jobId, t.index),
    index('image_shares_tool_created_idx').on(t.tool, t.createdAt),
    index('image_shares_created_idx').on(t.createdAt),
    index('image_shares_character_created_idx')
      .on(t.characterId, t.createdAt)
      .where(sql`character_id IS NOT NULL`),
  ],
);
