/** Conversations and their messages. */
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { at, createdAt, serialId, timestamps } from './columns';
import { userOf } from './accounts';
import { characters } from './characters';

/**
 * A chat: with a character, or an AI chat without one. Restarting a character chat starts a new
 * conversation; the one opened last (`active_at`) is the current one. `memory` is the rolling
 * summary of the turns that no longer fit the model's context, up to the message at place
 * `memory_upto` (a `seq`).
 *
 * A branch (issue 21) has a `parent_id` and shares the parent's history up to the message at
 * place `fork_seq`, without a copy: its history is the chain of its ancestors' messages, each up
 * to the fork point below it, then its own. A shared message is never changed in place: the
 * conversation that changes it takes its own copy first (chat-branches.ts).
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userOf(),
    characterId: bigint('character_id', { mode: 'number' }).references(() => characters.id, {
      onDelete: 'cascade',
    }),
    model: text('model').notNull(),
    personaName: text('persona_name').notNull().default(''),
    personaDescription: text('persona_description').notNull().default(''),
    memory: text('memory').notNull().default(''),
    memoryUpto: bigint('memory_upto', { mode: 'number' }).notNull().default(0),
    /** The memory as the chat engine last wrote it (a rolling summary); false once the user edits it. */
    memoryAuto: boolean('memory_auto').notNull().default(false),
    parentId: uuid('parent_id').references((): AnyPgColumn => conversations.id, { onDelete: 'cascade' }),
    /** A branch: the place (`seq`) of the last message it shares with its parent. */
    forkSeq: bigint('fork_seq', { mode: 'number' }),
    /** When it was last opened or switched to: the latest is the character's current chat. */
    activeAt: at('active_at').notNull().defaultNow(),
    /**
     * Counts every change to the conversation's messages (a trigger on chat_messages keeps it):
     * a copy of the messages held by a process is good while the revision is the same.
     */
    revision: integer('revision').notNull().default(0),
    /**
     * A group chat (issue 22): its two to four characters, in turn order (`character_id` is null).
     * Empty for a chat with one character, or the AI chat.
     */
    members: bigint('members', { mode: 'number' }).array().notNull().default([]),
    ...timestamps,
  },
  (t) => [
    index('conversations_user_character_idx').on(t.userId, t.characterId, t.activeAt),
    index('conversations_parent_idx').on(t.parentId),
    index('conversations_members_idx').using('gin', t.members),
  ],
);
export type Conversation = typeof conversations.$inferSelect;

/** A chat message; an assistant message keeps every alternative (swipe) and the chosen one. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serialId(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /**
     * The message's place in its history, what every read orders by: its own id (a trigger sets
     * it when 0 is given), or for a branch's copy of a shared message, the original's place.
     */
    seq: bigint('seq', { mode: 'number' }).notNull().default(0),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    swipes: jsonb('swipes').$type<string[]>().notNull(),
    swipeIndex: integer('swipe_index').notNull().default(0),
    /** Per swipe, the lorebook entries (labels) its prompt carried: what the reply remembered. */
    swipeLore: jsonb('swipe_lore').$type<string[][]>().notNull().default([]),
    finishReason: text('finish_reason'),
    engine: text('engine'),
    /** A notice shown before the reply: 'crisis' (the crisis line of the reader's locale). */
    notice: text('notice'),
    /** In a group chat, the character who wrote this reply (null elsewhere: the conversation's). */
    characterId: bigint('character_id', { mode: 'number' }).references(() => characters.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [index('chat_messages_conversation_idx').on(t.conversationId, t.seq)],
);
export type ChatMessageRow = typeof chatMessages.$inferSelect;
