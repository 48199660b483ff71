import { REPORT_WEIGHT, type ReportReason, type ReportTargetType } from '@lumi/contract';
import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { visibleTo, type Viewer } from '../characters/characters.repository';
import {
  characters,
  chatMessages,
  conversations,
  imageShares,
  moderationActions,
  moderationEvents,
  reports,
  users,
} from '../../db/schema';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A row id as text: digits only, within bigint. */
export const numericId = (id: string): number | undefined => {
  if (!/^[1-9]\d{0,15}$/.test(id)) return undefined;
  const n = Number(id);
  return Number.isSafeInteger(n) ? n : undefined;
};

// ---- reporting ----

export async function insertReport(
  db: DbOrTx,
  values: typeof reports.$inferInsert,
): Promise<{ id: number } | undefined> {
  const [row] = await db.insert(reports).values(values).onConflictDoNothing().returning({ id: reports.id });
  return row;
}

const weightSql = sql.join(
  (Object.entries(REPORT_WEIGHT) as [ReportReason, number][]).map(
    ([reason, weight]) => sql`WHEN ${reason} THEN ${weight}`,
  ),
  sql` `,
);

/** The open reports' weight on an item: one per reporter, a minor-safety report counting more. */
export async function openWeight(db: DbOrTx, type: ReportTargetType, id: string): Promise<number> {
  const [row] = await db
    .select({ weight: sql<number>`coalesce(sum(CASE ${reports.reason} ${weightSql} ELSE 1 END), 0)::int` })
    .from(reports)
    .where(and(eq(reports.targetType, type), eq(reports.targetId, id), eq(reports.status, 'open')));
  return row?.weight ?? 0;
}

/** Closes an item's open reports; answers how many. */
export async function resolveReports(
  db: DbOrTx,
  type: ReportTargetType,
  id: string,
  status: 'actioned' | 'dismissed',
  by: string,
  at: Date,
): Promise<number> {
  const rows = await db
    .update(reports)
    .set({ status, resolvedBy: by, resolvedAt: at })
    .where(and(eq(reports.targetType, type), eq(reports.targetId, id), eq(reports.status, 'open')))
    .returning({ id: reports.id });
  return rows.length;
}

export async function insertAction(db: DbOrTx, values: typeof moderationActions.$inferInsert): Promise<void> {
  await db.insert(moderationActions).values(values);
}

// ---- hiding, one table per kind of item ----

/** Sets or clears an item's hidden_at; answers whether it changed (so one audit row per change). */
export async function setHidden(
  db: DbOrTx,
  type: 'character' | 'share' | 'profile',
  id: string,
  at: Date | null,
): Promise<boolean> {
  if (type === 'character') {
    const n = numericId(id);
    if (n === undefined) return false;
    const rows = await db
      .update(characters)
      .set({ hiddenAt: at })
      .where(and(eq(characters.id, n), at ? isNull(characters.hiddenAt) : isNotNull(characters.hiddenAt)))
      .returning({ id: characters.id });
    return rows.length > 0;
  }
  if (type === 'share') {
    const rows = await db
      .update(imageShares)
      .set({ hiddenAt: at })
      .where(and(eq(imageShares.id, id), at ? isNull(imageShares.hiddenAt) : isNotNull(imageShares.hiddenAt)))
      .returning({ id: imageShares.id });
    return rows.length > 0;
  }
  if (!UUID.test(id)) return false;
  const rows = await db
    .update(users)
    .set({ hiddenAt: at })
    .where(and(eq(users.id, id), at ? isNull(users.hiddenAt) : isNotNull(users.hiddenAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

// ---- the items themselves ----

export interface CharacterItem {
  id: number;
  ownerId: string;
  name: string;
  description: string;
  headKey: string;
  listHeadKey: string;
  nsfw: boolean;
  visibility: 'public' | 'private';
  approval: 'pending' | 'approved' | 'rejected';
  hiddenAt: Date | null;
  deletedAt: Date | null;
}

const characterItem = {
  id: characters.id,
  ownerId: characters.ownerId,
  name: characters.name,
  description: characters.description,
  headKey: characters.headKey,
  listHeadKey: characters.listHeadKey,
  nsfw: characters.nsfw,
  visibility: characters.visibility,
  approval: characters.approval,
  hiddenAt: characters.hiddenAt,
  deletedAt: characters.deletedAt,
};

export async function charactersByIds(db: DbOrTx, ids: number[]): Promise<CharacterItem[]> {
  if (ids.length === 0) return [];
  return db.select(characterItem).from(characters).where(inArray(characters.id, ids));
}

export type ShareItem = typeof imageShares.$inferSelect;

export async function sharesByIds(db: DbOrTx, ids: string[]): Promise<ShareItem[]> {
  if (ids.length === 0) return [];
  return db.select().from(imageShares).where(inArray(imageShares.id, ids));
}

export interface UserItem {
  id: string;
  name: string;
  head: string;
  bannedAt: Date | null;
  hiddenAt: Date | null;
  deletedAt: Date | null;
}

export async function usersByIds(db: DbOrTx, ids: string[]): Promise<UserItem[]> {
  const valid = ids.filter((id) => UUID.test(id));
  if (valid.length === 0) return [];
  return db
    .select({
      id: users.id,
      name: users.name,
      head: users.head,
      bannedAt: users.bannedAt,
      hiddenAt: users.hiddenAt,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(inArray(users.id, valid));
}

/** A whole user row (for the admin policy). */
export async function userRow(db: DbOrTx, id: string): Promise<typeof users.$inferSelect | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export interface MessageItem {
  id: number;
  role: 'user' | 'assistant';
  swipes: string[];
  swipeIndex: number;
  ownerId: string;
  characterId: number | null;
}

/** Messages with the conversation's owner and its character (null: an AI chat without one). */
export async function messagesByIds(db: DbOrTx, ids: number[]): Promise<MessageItem[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: chatMessages.id,
      role: chatMessages.role,
      swipes: chatMessages.swipes,
      swipeIndex: chatMessages.swipeIndex,
      ownerId: conversations.userId,
      characterId: conversations.characterId,
    })
    .from(chatMessages)
    .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
    .where(inArray(chatMessages.id, ids));
}

// ---- banning ----

/**
 * Bans a user and hides their public characters and their shared pictures, all stamped with
 * the ban's own time: lifting the ban brings back exactly what it hid. Answers false when the
 * user was banned already.
 */
export async function ban(db: DbOrTx, userId: string, at: Date): Promise<boolean> {
  const [row] = await db
    .update(users)
    .set({ bannedAt: at })
    .where(and(eq(users.id, userId), isNull(users.bannedAt)))
    .returning({ id: users.id });
  if (!row) return false;
  await db
    .update(characters)
    .set({ hiddenAt: at })
    .where(
      and(
        eq(characters.ownerId, userId),
        eq(characters.visibility, 'public'),
        isNull(characters.deletedAt),
        isNull(characters.hiddenAt),
      ),
    );
  await db
    .update(imageShares)
    .set({ hiddenAt: at })
    .where(and(eq(imageShares.userId, userId), isNull(imageShares.hiddenAt)));
  return true;
}

/** Lifts a ban and shows again what the ban (and nothing else) hid. Answers false when not banned. */
export async function unban(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ bannedAt: users.bannedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  const at = row?.bannedAt;
  if (!at) return false;
  await db.update(users).set({ bannedAt: null }).where(eq(users.id, userId));
  await db
    .update(characters)
    .set({ hiddenAt: null })
    .where(and(eq(characters.ownerId, userId), eq(characters.hiddenAt, at)));
  await db
    .update(imageShares)
    .set({ hiddenAt: null })
    .where(and(eq(imageShares.userId, userId), eq(imageShares.hiddenAt, at)));
  return true;
}

// ---- the queue ----

export interface QueueGroup {
  targetType: ReportTargetType;
  targetId: string;
  count: number;
  reasons: ReportReason[];
  details: string[];
  excerpt: string;
  first: Date;
  last: Date;
}

/** Items with open reports, most reported (or latest reported) first. */
export async function openGroups(
  db: DbOrTx,
  options: { type: ReportTargetType | undefined; sort: 'reports' | 'newest'; limit: number; offset: number },
): Promise<QueueGroup[]> {
  const where = and(
    eq(reports.status, 'open'),
    options.type ? eq(reports.targetType, options.type) : undefined,
  );
  const count = sql<number>`count(*)::int`;
  const last = sql<string>`max(${reports.createdAt})`;
  const rows = await db
    .select({
      targetType: reports.targetType,
      targetId: reports.targetId,
      count,
      reasons: sql<ReportReason[]>`array_agg(${reports.reason})`,
      details: sql<
        string[] | null
      >`array_agg(${reports.details} ORDER BY ${reports.createdAt} DESC) FILTER (WHERE ${reports.details} <> '')`,
      excerpt: sql<
        string | null
      >`(array_agg(${reports.excerpt} ORDER BY ${reports.createdAt} DESC) FILTER (WHERE ${reports.excerpt} <> ''))[1]`,
      first: sql<string>`min(${reports.createdAt})`,
      last,
    })
    .from(reports)
    .where(where)
    .groupBy(reports.targetType, reports.targetId)
    .orderBy(
      ...(options.sort === 'reports' ? [desc(count), desc(last)] : [desc(last)]),
      reports.targetType,
      reports.targetId,
    )
    .limit(options.limit)
    .offset(options.offset);
  return rows.map((r) => ({
    targetType: r.targetType,
    targetId: r.targetId,
    count: r.count,
    reasons: r.reasons,
    details: r.details ?? [],
    excerpt: r.excerpt ?? '',
    first: new Date(r.first),
    last: new Date(r.last),
  }));
}

export async function countOpenGroups(db: DbOrTx, type: ReportTargetType | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(DISTINCT (${reports.targetType}, ${reports.targetId}))::int` })
    .from(reports)
    .where(and(eq(reports.status, 'open'), type ? eq(reports.targetType, type) : undefined));
  return row?.n ?? 0;
}

// ---- the audit log ----

export async function logPage(db: DbOrTx, limit: number, offset: number) {
  return db
    .select({
      id: moderationActions.id,
      actorId: moderationActions.actorId,
      actorName: users.name,
      action: moderationActions.action,
      targetType: moderationActions.targetType,
      targetId: moderationActions.targetId,
      note: moderationActions.note,
      createdAt: moderationActions.createdAt,
    })
    .from(moderationActions)
    .leftJoin(users, eq(users.id, moderationActions.actorId))
    .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
    .limit(limit)
    .offset(offset);
}

// ---- the operator's counts ----

/** Moderation decisions since `since`, per UTC day, verdict and surface. */
export async function eventCounts(db: DbOrTx, since: Date) {
  const day = sql<string>`to_char(${moderationEvents.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      day,
      verdict: moderationEvents.verdict,
      surface: moderationEvents.surface,
      n: sql<number>`count(*)::int`,
    })
    .from(moderationEvents)
    .where(sql`${moderationEvents.createdAt} >= ${since}`)
    .groupBy(day, moderationEvents.verdict, moderationEvents.surface);
  return rows;
}

export async function openReportCounts(db: DbOrTx) {
  return db
    .select({
      targetType: reports.targetType,
      reason: reports.reason,
      n: sql<number>`count(*)::int`,
    })
    .from(reports)
    .where(eq(reports.status, 'open'))
    .groupBy(reports.targetType, reports.reason);
}

export async function hiddenCounts(db: DbOrTx) {
  const result: unknown = await db.execute(
    sql`SELECT
      (SELECT count(*)::int FROM ${characters} WHERE ${characters.hiddenAt} IS NOT NULL AND ${characters.deletedAt} IS NULL) AS characters,
      (SELECT count(*)::int FROM ${imageShares} WHERE ${imageShares.hiddenAt} IS NOT NULL) AS shares,
      (SELECT count(*)::int FROM ${users} WHERE ${users.hiddenAt} IS NOT NULL AND ${users.deletedAt} IS NULL) AS profiles,
      (SELECT count(*)::int FROM ${users} WHERE ${users.bannedAt} IS NOT NULL AND ${users.deletedAt} IS NULL) AS banned`,
  );
  const [row] = rowsOf<{ characters: number; shares: number; profiles: number; banned: number }>(result);
  return row ?? { characters: 0, shares: 0, profiles: 0, banned: 0 };
}

/** The rows of db.execute, whichever driver answered (node-postgres and PGlite shape them alike). */
function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: T[] }).rows ?? (result as T[]);
  return Array.isArray(rows) ? rows : [];
}

/** A character the viewer may open, with its owner (what a report on it or its creator names). */
export async function visibleCharacter(
  db: DbOrTx,
  id: number,
  viewer: Viewer,
): Promise<{ id: number; ownerId: string } | undefined> {
  const [row] = await db
    .select({ id: characters.id, ownerId: characters.ownerId })
    .from(characters)
    .where(and(eq(characters.id, id), visibleTo(viewer)));
  return row;
}

/** Deletes a character as its owner's delete does (soft). */
export async function softDeleteCharacter(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db.update(characters).set({ deletedAt: at }).where(eq(characters.id, id));
}
