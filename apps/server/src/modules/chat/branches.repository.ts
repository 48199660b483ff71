import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { fromRowJson } from '../../db/json';
import { chatMessages, conversations, type ChatMessageRow, type Conversation } from '../../db/schema';
import { history, historyRows, userConversations } from './chat.repository';

/**
 * Branches (issue 21): a branch shares its parent's history up to a fork point without a copy.
 * A shared message is never changed in place: before one changes, the conversation changing it
 * takes its own copy of the shared messages from that one to its fork point (`copyShared`), and
 * the branches that share it from this conversation take theirs (`detachBranches`). Copies keep
 * the original's place (`seq`), so every history still reads in order.
 */

/** The columns a copy carries over (all but its id, its conversation and what the database sets). */
const COPIED = [
  'seq',
  'role',
  'swipes',
  'swipe_index',
  'swipe_lore',
  'finish_reason',
  'engine',
  'notice',
  'character_id',
];
const copied = (alias?: string) => sql.raw(COPIED.map((c) => (alias ? `${alias}.${c}` : c)).join(', '));

type Json = Record<string, unknown>;

/**
 * The conversation, locked until the transaction ends: one change to its copies at a time. A
 * no-key lock: a branch's own writes check its parent by key (the foreign key), and must not
 * wait for the parent's lock while the parent waits for the branch's.
 */
export async function lockConversation(tx: DbOrTx, id: string): Promise<Conversation | undefined> {
  const [row] = await tx.select().from(conversations).where(eq(conversations.id, id)).for('no key update');
  return row;
}

/** The message if it is in the conversation's history (its own or shared), else undefined. */
export async function historyMessage(
  db: DbOrTx,
  conversationId: string,
  messageId: number,
): Promise<ChatMessageRow | undefined> {
  const [row] = await historyRows(db, conversationId, sql`h.id = ${messageId}`, { limit: 1 });
  return row;
}

/** The conversation's own message at a place. */
export async function ownMessageAt(
  db: DbOrTx,
  conversationId: string,
  seq: number,
): Promise<ChatMessageRow | undefined> {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.seq, seq)));
  return row;
}

/**
 * The branch takes its own copy of the messages it shares from place `fromSeq` on, and shares
 * only what comes before. The caller holds the branch's lock.
 */
export async function copyShared(tx: DbOrTx, branchId: string, fromSeq: number): Promise<void> {
  await tx.execute(sql`INSERT INTO ${chatMessages} (conversation_id, created_at, ${copied()})
    SELECT ${branchId}, h.created_at, ${copied('h')} FROM ${history(branchId)} h
    WHERE h.conversation_id <> ${branchId} AND h.seq >= ${fromSeq}`);
  await tx
    .update(conversations)
    .set({ forkSeq: fromSeq - 1 })
    .where(eq(conversations.id, branchId));
}

/**
 * The branches made from this conversation that share its message at `fromSeq` take their own
 * copies from there to their fork points, so the message can change here alone. The caller
 * holds this conversation's lock and this conversation owns every message from `fromSeq` on.
 */
export async function detachBranches(tx: DbOrTx, conversationId: string, fromSeq: number): Promise<void> {
  const sharing = await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.parentId, conversationId), sql`${conversations.forkSeq} >= ${fromSeq}`))
    .for('no key update');
  if (!sharing.length) return;
  await tx.execute(sql`INSERT INTO ${chatMessages} (conversation_id, created_at, ${copied()})
    SELECT k.id, m.created_at, ${copied('m')}
    FROM ${conversations} k JOIN ${chatMessages} m
      ON m.conversation_id = ${conversationId} AND m.seq >= ${fromSeq} AND m.seq <= k.fork_seq
    WHERE k.parent_id = ${conversationId} AND k.fork_seq >= ${fromSeq}`);
  await tx
    .update(conversations)
    .set({ forkSeq: fromSeq - 1 })
    .where(and(eq(conversations.parentId, conversationId), sql`${conversations.forkSeq} >= ${fromSeq}`));
}

/** A conversation of the tree with what the list shows of it. */
export interface BranchRow {
  conversation: Conversation;
  /** The newest message of its history. */
  last: ChatMessageRow | null;
  /** Messages in its history. */
  size: number;
}

/**
 * A user's conversations with a character (AI chats: `characterId` null), or with a group's
 * `members`, current first.
 */
export async function branchRows(
  db: DbOrTx,
  userId: string,
  chat: { characterId: number | null; members: number[] },
  limit: number,
): Promise<BranchRow[]> {
  const mine = userConversations(userId, chat.characterId, chat.members);
  const rows = await db
    .select({
      conversation: conversations,
      last: sql<Json | null>`(SELECT to_json(h) FROM ${history(sql`${conversations.id}`)} h ORDER BY h.seq DESC LIMIT 1)`,
      size: sql<number>`(SELECT count(*)::int FROM ${history(sql`${conversations.id}`)} h)`,
    })
    .from(conversations)
    .where(mine)
    .orderBy(desc(conversations.activeAt), desc(conversations.id))
    .limit(limit);
  return rows.map((r) => ({
    conversation: r.conversation,
    last: r.last ? fromRowJson(chatMessages, r.last) : null,
    size: Number(r.size),
  }));
}

/**
 * The user's group chats, each group's current conversation (the one opened last of it and its
 * branches), the most recently opened first; with `characterId`, the groups it is in.
 */
export async function groupRows(
  db: DbOrTx,
  userId: string,
  characterId: number | undefined,
  limit: number,
): Promise<Omit<BranchRow, 'size'>[]> {
  const result: unknown = await db.execute(sql`SELECT to_json(g) AS conversation,
      (SELECT to_json(h) FROM ${history(sql`g.id`)} h ORDER BY h.seq DESC LIMIT 1) AS last
    FROM (
      SELECT DISTINCT ON (${conversations.members}) ${conversations}.* FROM ${conversations}
      WHERE ${conversations.userId} = ${userId} AND ${conversations.members} <> '{}'::bigint[]
        ${characterId === undefined ? sql`` : sql`AND ${conversations.members} @> ARRAY[${characterId}]::bigint[]`}
      ORDER BY ${conversations.members}, ${conversations.activeAt} DESC, ${conversations.id} DESC
    ) g
    ORDER BY g.active_at DESC, g.id DESC
    LIMIT ${limit}`);
  return (result as { rows: { conversation: Json; last: Json | null }[] }).rows.map((r) => ({
    conversation: fromRowJson(conversations, r.conversation),
    last: r.last ? fromRowJson(chatMessages, r.last) : null,
  }));
}

/** Opens a conversation: it becomes the current one of its character. */
export async function markActive(db: DbOrTx, id: string): Promise<Conversation | undefined> {
  const [row] = await db
    .update(conversations)
    .set({ activeAt: sql`now()` })
    .where(eq(conversations.id, id))
    .returning();
  return row;
}
