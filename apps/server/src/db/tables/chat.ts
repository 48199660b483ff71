/** Conversations and their messages. */
import { bigint, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, serialId, timestamps } from './columns';
import { userOf } from './accounts';
import { characters } from './characters';

/**
 * A chat: with a character, or an AI chat without one. Restarting a character chat starts a new
 * conversation; the latest one is the current one. `memory` is the rolling summary of the turns
 * that no longer fit the model's context, up to message `memory_upto`.
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
    /**
     * Counts every change to the conversation's messages (a trigger on chat_messages keeps it):
     * a copy of the messages held by a process is good while the revision is the same.
     */
    revision: integer('revision').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('conversations_user_character_idx').on(t.userId, t.characterId, t.createdAt)],
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
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    swipes: jsonb('swipes').$type<string[]>().notNull(),
    swipeIndex: integer('swipe_index').notNull().default(0),
    /** Per swipe, the lorebook entries (labels) its prompt carried: what the reply remembered. */
    swipeLore: jsonb('swipe_lore').$type<string[][]>().notNull().default([]),
    finishReason: text('finish_reason'),
    engine: text('engine'),
    /** A notice shown before the reply: 'crisis' (the crisis line of the reader's locale). */
    notice: text('notice'),
    createdAt: createdAt(),
  },
  (t) => [index('chat_messages_conversation_idx').on(t.conversationId, t.id)],
);
export type ChatMessageRow = typeof chatMessages.$inferSelect;
