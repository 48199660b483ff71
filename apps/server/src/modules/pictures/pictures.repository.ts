import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { fromRowJson } from '../../db/json';
import { historyRows } from '../chat/chat.repository';
import {
  characters,
  chatPictures,
  conversations,
  imageShares,
  jobs,
  type ChatMessageRow,
  type ChatPictureRow,
  type JobRow,
} from '../../db/schema';

export interface PictureWithJob {
  picture: ChatPictureRow;
  job: JobRow;
  shareId: string | null;
}

type Json = Record<string, unknown>;

/** The newest message of a conversation's history. */
export async function newestMessage(db: DbOrTx, conversationId: string): Promise<ChatMessageRow | undefined> {
  const [row] = await historyRows(db, conversationId, sql`true`, { limit: 1, newestFirst: true });
  return row;
}

/** The last `limit` turns of a conversation's history up to place `seq`, oldest first. */
export async function turnsUpTo(
  db: DbOrTx,
  conversationId: string,
  seq: number,
  limit: number,
): Promise<{ role: 'user' | 'assistant'; content: string }[]> {
  const rows = await historyRows(db, conversationId, sql`h.seq <= ${seq}`, { limit, newestFirst: true });
  return rows.reverse().map((m) => ({ role: m.role, content: m.swipes[m.swipeIndex] ?? '' }));
}

export async function insertPicture(
  db: DbOrTx,
  values: typeof chatPictures.$inferInsert,
): Promise<ChatPictureRow | undefined> {
  const [row] = await db.insert(chatPictures).values(values).returning();
  return row;
}

/** A character's reference picture key (none: null). */
export async function referenceKeyOf(db: DbOrTx, characterId: number): Promise<string | null> {
  const [row] = await db
    .select({ key: characters.referenceKey })
    .from(characters)
    .where(eq(characters.id, characterId));
  return row?.key ?? null;
}

/**
 * The pictures of a conversation's history, by place: its own, then each ancestor's up to the
 * fork point below it (a branch shares them as it shares the messages), with their jobs and the
 * share of the picture, if any.
 */
export async function picturesOf(
  db: DbOrTx,
  conversationId: string,
  limit: number,
): Promise<PictureWithJob[]> {
  const result: unknown = await db.execute(sql`
    WITH RECURSIVE chain(id, parent_id, fork_seq, upto, depth) AS (
      SELECT c.id, c.parent_id, c.fork_seq, NULL::bigint, 0 FROM ${conversations} c WHERE c.id = ${conversationId}
      UNION ALL
      SELECT p.id, p.parent_id, p.fork_seq, LEAST(chain.upto, chain.fork_seq), chain.depth + 1
        FROM ${conversations} p JOIN chain ON p.id = chain.parent_id
        WHERE chain.depth < 64
    )
    SELECT to_json(pic) AS picture, to_json(j) AS job, s.id AS share_id
      FROM chain
      JOIN ${chatPictures} pic ON pic.conversation_id = chain.id AND (chain.upto IS NULL OR pic.seq <= chain.upto)
      JOIN ${jobs} j ON j.id = pic.job_id
      LEFT JOIN ${imageShares} s ON s.job_id = pic.job_id AND s.index = 0
      ORDER BY pic.seq, pic.created_at
      LIMIT ${limit}`);
  return (result as { rows: { picture: Json; job: Json; share_id: string | null }[] }).rows.map((r) => ({
    picture: fromRowJson(chatPictures, r.picture),
    job: fromRowJson(jobs, r.job),
    shareId: r.share_id,
  }));
}

export async function findPicture(db: DbOrTx, id: string): Promise<PictureWithJob | undefined> {
  const [row] = await db
    .select({ picture: chatPictures, job: jobs, shareId: imageShares.id })
    .from(chatPictures)
    .innerJoin(jobs, eq(jobs.id, chatPictures.jobId))
    .leftJoin(imageShares, and(eq(imageShares.jobId, chatPictures.jobId), eq(imageShares.index, 0)))
    .where(eq(chatPictures.id, id));
  return row;
}

/** Puts a share on a character's page. */
export async function setShareCharacter(db: DbOrTx, shareId: string, characterId: number): Promise<void> {
  await db.update(imageShares).set({ characterId }).where(eq(imageShares.id, shareId));
}

/** A character page's shared pictures: not hidden, adult ones only when asked, newest first. */
export function characterShares(
  db: DbOrTx,
  characterId: number,
  withAdult: boolean,
  limit: number,
  offset: number,
) {
  return db
    .select()
    .from(imageShares)
    .where(
      and(
        eq(imageShares.characterId, characterId),
        withAdult ? undefined : eq(imageShares.adult, false),
        isNull(imageShares.hiddenAt),
      ),
    )
    .orderBy(desc(imageShares.createdAt), desc(imageShares.id))
    .limit(limit)
    .offset(offset);
}
