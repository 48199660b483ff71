import type { ImageTool } from '@lumi/contract';
import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { imageShares, jobs, users, type JobRow } from '../../db/schema';

export type ImageShareRow = typeof imageShares.$inferSelect;
export type NewImageShareRow = typeof imageShares.$inferInsert;

/** Whether the user has adult content on now. */
export async function userAdult(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ adult: users.enableNsfw }).from(users).where(eq(users.id, userId));
  return row?.adult ?? false;
}

/** The user's image jobs not failed, newest first, of one tool or all, older than `before`. */
export async function imageJobs(
  db: DbOrTx,
  userId: string,
  tool: ImageTool | undefined,
  before: number | undefined,
  limit: number,
): Promise<JobRow[]> {
  return db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.userId, userId),
        eq(jobs.kind, 'image'),
        inArray(jobs.state, ['queued', 'running', 'done']),
        tool ? sql`${jobs.input}->>'tool' = ${tool}` : undefined,
        before ? lt(jobs.createdAt, new Date(before)) : undefined,
      ),
    )
    .orderBy(desc(jobs.createdAt))
    .limit(limit);
}

/** The shares of these jobs' pictures. */
export async function sharesOfJobs(
  db: DbOrTx,
  jobIds: string[],
): Promise<{ id: string; jobId: string; index: number }[]> {
  if (!jobIds.length) return [];
  return db
    .select({ id: imageShares.id, jobId: imageShares.jobId, index: imageShares.index })
    .from(imageShares)
    .where(inArray(imageShares.jobId, jobIds));
}

export async function findShareOf(
  db: DbOrTx,
  jobId: string,
  index: number,
): Promise<ImageShareRow | undefined> {
  const [row] = await db
    .select()
    .from(imageShares)
    .where(and(eq(imageShares.jobId, jobId), eq(imageShares.index, index)));
  return row;
}

/** Inserts a share; undefined when the same picture was shared at the same moment. */
export async function insertShare(db: DbOrTx, values: NewImageShareRow): Promise<ImageShareRow | undefined> {
  const [row] = await db.insert(imageShares).values(values).onConflictDoNothing().returning();
  return row;
}

/** Removes a share's row; answers it (its public file is the caller's to delete). */
export async function deleteShare(db: DbOrTx, shareId: string): Promise<ImageShareRow | undefined> {
  const [row] = await db.delete(imageShares).where(eq(imageShares.id, shareId)).returning();
  return row;
}

export async function findShare(db: DbOrTx, shareId: string): Promise<ImageShareRow | undefined> {
  const [row] = await db.select().from(imageShares).where(eq(imageShares.id, shareId));
  return row;
}

/** The public gallery's page: not hidden, adult ones only when asked, newest first. */
export async function exploreShares(
  db: DbOrTx,
  tool: ImageTool | undefined,
  withAdult: boolean,
  limit: number,
  offset: number,
): Promise<ImageShareRow[]> {
  return db
    .select()
    .from(imageShares)
    .where(
      and(
        tool ? eq(imageShares.tool, tool) : undefined,
        withAdult ? undefined : eq(imageShares.adult, false),
        isNull(imageShares.hiddenAt),
        // Pictures shared to a character's page are listed there (issue 22), not here.
        isNull(imageShares.characterId),
      ),
    )
    .orderBy(desc(imageShares.createdAt), desc(imageShares.id))
    .limit(limit)
    .offset(offset);
}
