/** Pictures asked for in character chats (issue 22). */
import { bigint, boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { userOf } from './accounts';
import { characters } from './characters';
import { conversations } from './chat';
import { jobs } from './jobs';

/**
 * A picture asked for in a conversation ("Send me a picture"), shown after the message at place
 * `seq` (a branch shows those of its parent up to where it branched, as it shares the messages).
 * The picture itself is its image job's result.
 */
export const chatPictures = pgTable(
  'chat_pictures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: userOf(),
    characterId: bigint('character_id', { mode: 'number' })
      .notNull()
      .references(() => characters.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    /** The scene line the chat engine wrote from the last turns. */
    scene: text('scene').notNull(),
    /** The character's reference picture went to the engine. */
    reference: boolean('reference').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('chat_pictures_conversation_idx').on(t.conversationId, t.seq)],
);
export type ChatPictureRow = typeof chatPictures.$inferSelect;
