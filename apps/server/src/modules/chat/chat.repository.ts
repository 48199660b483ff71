import { and, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  chatMessages,
  characters,
  conversations,
  type ChatMessageRow,
  type Conversation,
} from '../../db/schema';

export async function latestConversation(
  db: DbOrTx,
  userId: string,
  characterId: number | null,
): Promise<Conversation | undefined> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.userId, userId),
        characterId === null ? isNull(conversations.characterId) : eq(conversations.characterId, characterId),
      ),
    )
    .orderBy(desc(conversations.createdAt), desc(conversations.id))
    .limit(1);
  return row;
}

export async function findConversation(db: DbOrTx, id: string): Promise<Conversation | undefined> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
  return row;
}

export async function insertConversation(
  db: DbOrTx,
  values: typeof conversations.$inferInsert,
): Promise<Conversation> {
  const [row] = await db.insert(conversations).values(values).returning();
  if (!row) throw new Error('conversation insert returned nothing');
  return row;
}

export async function updateConversation(
  db: DbOrTx,
  id: string,
  values: Partial<typeof conversations.$inferInsert>,
): Promise<Conversation | undefined> {
  const [row] = await db
    .update(conversations)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(conversations.id, id))
    .returning();
  return row;
}

export async function insertMessage(
  db: DbOrTx,
  values: typeof chatMessages.$inferInsert,
): Promise<ChatMessageRow> {
  const [row] = await db.insert(chatMessages).values(values).returning();
  if (!row) throw new Error('message insert returned nothing');
  return row;
}

export async function updateMessage(
  db: DbOrTx,
  id: number,
  values: Partial<typeof chatMessages.$inferInsert>,
): Promise<ChatMessageRow | undefined> {
  const [row] = await db.update(chatMessages).set(values).where(eq(chatMessages.id, id)).returning();
  return row;
}

export async function findMessage(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ message: chatMessages, conversation: conversations })
    .from(chatMessages)
    .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
    .where(eq(chatMessages.id, id));
  return row;
}

/**
 * The newest `limit` messages of a conversation up to `uptoId` (inclusive), oldest first: all a
 * prompt can hold, since older turns live on in the memory.
 */
export async function recentMessages(
  db: DbOrTx,
  conversationId: string,
  limit: number,
  uptoId?: number,
): Promise<ChatMessageRow[]> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        uptoId === undefined ? undefined : lte(chatMessages.id, uptoId),
      ),
    )
    .orderBy(desc(chatMessages.id))
    .limit(limit);
  return rows.reverse();
}

/** One page of messages, newest page first, each page oldest first. */
export async function messagePage(
  db: DbOrTx,
  conversationId: string,
  limit: number,
  offset: number,
): Promise<ChatMessageRow[]> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId))
    .orderBy(desc(chatMessages.id))
    .limit(limit)
    .offset(offset);
  return rows.reverse();
}

export async function deleteMessage(db: DbOrTx, id: number): Promise<void> {
  await db.delete(chatMessages).where(eq(chatMessages.id, id));
}

export async function lastMessage(db: DbOrTx, conversationId: string): Promise<ChatMessageRow | undefined> {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId))
    .orderBy(desc(chatMessages.id))
    .limit(1);
  return row;
}

export async function hasMessagesAfter(db: DbOrTx, conversationId: string, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversationId), gt(chatMessages.id, id)))
    .limit(1);
  return row !== undefined;
}

/** Counts a reply on the character (the spec's comment_num). */
export async function countReply(db: DbOrTx, characterId: number): Promise<void> {
  await db
    .update(characters)
    .set({ commentNum: sql`${characters.commentNum} + 1` })
    .where(eq(characters.id, characterId));
}
