import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { fromRowJson, rowJson } from '../../db/json';
import {
  chatMessages,
  characters,
  conversations,
  type ChatMessageRow,
  type Conversation,
} from '../../db/schema';
import { onlyRow } from '../../db/rows';

/**
 * A user's conversations with a character (AI chat: `characterId` null), or with a group of
 * characters (`members`, in turn order; empty for the other two); the latest is current.
 */
export function userConversations(userId: string, characterId: number | null, members: number[] = []) {
  return and(
    eq(conversations.userId, userId),
    characterId === null ? isNull(conversations.characterId) : eq(conversations.characterId, characterId),
    sql`${conversations.members} = ${`{${members.map((m) => Math.trunc(m)).join(',')}}`}::bigint[]`,
  );
}
/** The current conversation first: the one opened last (a restart or a switch opens one). */
const latestFirst = [desc(conversations.activeAt), desc(conversations.id)];

/**
 * A conversation's history as a table: its own messages, then (for a branch) its parent's
 * history up to the fork point, from the `chat_history` function of migration 0013. Order it by
 * `seq`. A conversation that is no branch reads its own messages by the index alone: the
 * function is not called (the hot path of every send).
 */
export const history = (conversationId: SQL | string) => sql`(
  SELECT own.* FROM ${chatMessages} own WHERE own.conversation_id = ${conversationId}
  UNION ALL
  SELECT shared.* FROM ${conversations} branch CROSS JOIN LATERAL chat_history(branch.parent_id) shared
    WHERE branch.id = ${conversationId} AND branch.parent_id IS NOT NULL AND shared.seq <= branch.fork_seq
)`;

export async function latestConversation(
  db: DbOrTx,
  userId: string,
  characterId: number | null,
): Promise<Conversation | undefined> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(userConversations(userId, characterId))
    .orderBy(...latestFirst)
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
  return onlyRow(await db.insert(conversations).values(values).returning(), 'conversation insert');
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
  return onlyRow(await db.insert(chatMessages).values(values).returning(), 'message insert');
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

/** The newest `limit` messages of a conversation's history, oldest first. */
export function recentMessages(db: DbOrTx, conversationId: string, limit: number): Promise<ChatMessageRow[]> {
  return messagePage(db, conversationId, limit, 0);
}

/** Which conversation a send continues, always one of the user's own. */
export type SendTarget =
  | { conversationId: string }
  | { characterId: number }
  /** The conversation of a message being regenerated or continued. */
  | { messageId: number };

/** A message as a prompt reads it: the chosen swipe. */
export interface Turn {
  /** Its place in the history (`seq`): turns are compared and ordered by it. */
  id: number;
  role: 'user' | 'assistant';
  content: string;
  /** In a group chat, the character who wrote the reply. */
  speaker?: number | null;
}

export interface SendContext {
  conversation: Conversation | undefined;
  /**
   * The newest messages up to the reworked one, oldest first; null when the conversation's
   * revision is the `knownRevision` asked with (the caller's copy is current).
   */
  turns: Turn[] | null;
  /** The message regenerated or continued, whole. */
  reworked: ChatMessageRow | undefined;
  /** What `extra.character` gave, unread. */
  character: unknown;
  /** What `extra.credits` gave. */
  credits: number;
}

/**
 * Everything a send needs before the engine is asked, in one query (one round trip on the way
 * to the first token): the user's conversation, its newest messages as compact turns, the
 * message being reworked, and the character and the spendable credits as the callers' modules
 * give them. One statement also means one snapshot: the turns belong to the conversation.
 */
export async function sendContext(
  db: DbOrTx,
  userId: string,
  target: SendTarget | undefined,
  limit: number,
  extra: { character?: SQL | undefined; credits: SQL; knownRevision?: number | undefined },
): Promise<SendContext> {
  const id =
    target === undefined
      ? sql`NULL::uuid`
      : 'conversationId' in target
        ? sql`(SELECT ${conversations.id} FROM ${conversations} WHERE ${conversations.id} = ${target.conversationId} AND ${conversations.userId} = ${userId})`
        : 'characterId' in target
          ? sql`(${db
              .select({ id: conversations.id })
              .from(conversations)
              .where(userConversations(userId, target.characterId))
              .orderBy(...latestFirst)
              .limit(1)})`
          : sql`(SELECT ${chatMessages.conversationId} FROM ${chatMessages} INNER JOIN ${conversations} ON ${conversations.id} = ${chatMessages.conversationId} WHERE ${chatMessages.id} = ${target.messageId} AND ${conversations.userId} = ${userId})`;
  const reworkedId = target && 'messageId' in target ? target.messageId : undefined;
  const upto =
    reworkedId === undefined
      ? sql``
      : sql` WHERE h.seq <= (SELECT ${chatMessages.seq} FROM ${chatMessages} WHERE ${chatMessages.id} = ${reworkedId})`;
  const unchanged =
    extra.knownRevision === undefined
      ? sql``
      : sql`CASE WHEN (SELECT ${conversations.revision} FROM ${conversations} WHERE ${conversations.id} = ${id}) = ${extra.knownRevision} THEN NULL ELSE`;
  const unchangedEnd = extra.knownRevision === undefined ? sql`` : sql` END`;
  // Turns as [id, role, text] arrays: a fraction of the work of whole rows as JSON objects.
  const query = sql`SELECT
    (SELECT ${rowJson(conversations)} FROM ${conversations} WHERE ${conversations.id} = ${id}) AS conversation,
    ${unchanged} (SELECT coalesce(json_agg(json_build_array(m.seq, m.role, m.swipes ->> m.swipe_index, m.character_id) ORDER BY m.seq), '[]'::json)
      FROM (SELECT * FROM ${history(id)} h${upto}
        ORDER BY h.seq DESC LIMIT ${limit}) m)${unchangedEnd} AS turns,
    ${
      reworkedId === undefined
        ? sql`NULL::json`
        : sql`(SELECT to_json(h) FROM ${history(id)} h WHERE h.id = ${reworkedId})`
    } AS reworked,
    ${extra.character ?? sql`NULL::json`} AS character,
    ${extra.credits} AS credits`;
  // PGlite and node-postgres both answer { rows } with json parsed; the shared Db type leaves it unknown.
  const result: unknown = await db.execute(query);
  const [row] = (
    result as {
      rows: {
        conversation: Json | null;
        turns: [number, Turn['role'], string | null, number | null][] | null;
        reworked: Json | null;
        character: unknown;
        credits: number;
      }[];
    }
  ).rows;
  if (!row) throw new Error('send context query returned no row');
  return {
    conversation: row.conversation ? fromRowJson(conversations, row.conversation) : undefined,
    turns:
      row.turns &&
      row.turns.map(([id, role, content, speaker]) => ({
        id: Number(id),
        role,
        content: content ?? '',
        speaker: speaker === null ? null : Number(speaker),
      })),
    reworked: row.reworked ? fromRowJson(chatMessages, row.reworked) : undefined,
    character: row.character,
    credits: Number(row.credits),
  };
}
type Json = Record<string, unknown>;

/** The messages of a conversation's history that `where` picks (`h` is one), in `seq` order. */
export async function historyRows(
  db: DbOrTx,
  conversationId: string,
  where: SQL,
  page: { limit: number; offset?: number; newestFirst?: boolean },
): Promise<ChatMessageRow[]> {
  const order = page.newestFirst ? sql`DESC` : sql`ASC`;
  const result: unknown = await db.execute(
    sql`SELECT to_json(h) AS row FROM ${history(conversationId)} h WHERE ${where}
      ORDER BY h.seq ${order} LIMIT ${page.limit} OFFSET ${page.offset ?? 0}`,
  );
  return (result as { rows: { row: Json }[] }).rows.map((r) => fromRowJson(chatMessages, r.row));
}

/** The history's messages after place `after` and before place `before`, oldest first, as turns. */
export async function historyTurns(
  db: DbOrTx,
  conversationId: string,
  after: number,
  before: number,
  limit: number,
): Promise<Turn[]> {
  const rows = await historyRows(db, conversationId, sql`h.seq > ${after} AND h.seq < ${before}`, { limit });
  return rows.map((m) => ({
    id: m.seq,
    role: m.role,
    content: m.swipes[m.swipeIndex] ?? '',
    speaker: m.characterId,
  }));
}

/** One page of a conversation's history, newest page first, each page oldest first. */
export async function messagePage(
  db: DbOrTx,
  conversationId: string,
  limit: number,
  offset: number,
): Promise<ChatMessageRow[]> {
  return (await historyRows(db, conversationId, sql`true`, { limit, offset, newestFirst: true })).reverse();
}

export async function deleteMessage(db: DbOrTx, id: number): Promise<void> {
  await db.delete(chatMessages).where(eq(chatMessages.id, id));
}

/** Counts a reply on the character (the spec's comment_num). */
export async function countReply(db: DbOrTx, characterId: number): Promise<void> {
  await db
    .update(characters)
    .set({ commentNum: sql`${characters.commentNum} + 1` })
    .where(eq(characters.id, characterId));
}

/**
 * Writes a memory the chat engine folded, marked as automatic, if the memory is still the one
 * it was folded from (nobody edited it or folded it meanwhile). False when it was not written.
 */
export async function saveFoldedMemory(
  db: DbOrTx,
  id: string,
  from: { memory: string; memoryUpto: number },
  to: { memory: string; memoryUpto: number },
): Promise<boolean> {
  const rows = await db
    .update(conversations)
    .set({ memory: to.memory, memoryUpto: to.memoryUpto, memoryAuto: true, updatedAt: sql`now()` })
    .where(
      and(
        eq(conversations.id, id),
        eq(conversations.memory, from.memory),
        eq(conversations.memoryUpto, from.memoryUpto),
      ),
    )
    .returning({ id: conversations.id });
  return rows.length > 0;
}
