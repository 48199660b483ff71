import { and, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  characterBrowses,
  characters,
  characterTags,
  collects,
  tags,
  users,
  type Character,
} from '../../db/schema';
import {
  listColumns,
  listed,
  summaryColumns,
  type ListRow,
  type SummaryRow,
  type Viewer,
} from './characters.repository';

/*
 * The lists of characters: the home lists and search, a creator's own, the admins' lists, and
 * each user's likes and recent chats.
 */
export interface ListFilter {
  gender?: 'Female' | 'Male' | undefined;
  nsfw?: boolean | undefined;
  tagId?: number | undefined;
}

function filterSql(filter: ListFilter): SQL[] {
  const where: SQL[] = [listed];
  if (filter.gender) where.push(eq(characters.gender, filter.gender));
  if (filter.nsfw !== undefined) where.push(eq(characters.nsfw, filter.nsfw));
  if (filter.tagId !== undefined) {
    where.push(
      sql`EXISTS (SELECT 1 FROM ${characterTags} WHERE ${characterTags.characterId} = ${characters.id} AND ${characterTags.tagId} = ${filter.tagId})`,
    );
  }
  return where;
}

export async function findTagId(db: DbOrTx, name: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(sql`lower(${tags.name}) = lower(${name})`);
  return row?.id;
}

export async function listPage(
  db: DbOrTx,
  filter: ListFilter,
  sort: 'dailyRandom' | 'rating' | 'new',
  limit: number,
  offset: number,
): Promise<ListRow[]> {
  const order =
    sort === 'dailyRandom'
      ? [characters.hotKey, characters.id]
      : sort === 'rating'
        ? [desc(characters.ratingAvg), desc(characters.ratingCount), desc(characters.id)]
        : [desc(characters.createdAt), desc(characters.id)];
  return db
    .select(listColumns)
    .from(characters)
    .innerJoin(users, eq(users.id, characters.ownerId))
    .where(and(...filterSql(filter)))
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

export async function countListed(db: DbOrTx, filter: ListFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(characters)
    .where(and(...filterSql(filter)));
  return row?.n ?? 0;
}

/** Candidates ranked per search: broad queries rank their first matches, not all of them. */
export const SEARCH_TEXT_CANDIDATES = 150;
export const SEARCH_NAME_CANDIDATES = 50;

/**
 * The ids matching a search, best first. Full-text on name, tags and description (tsvector +
 * GIN, every word as a prefix); with `fuzzy`, names also match as substrings and with typos
 * (pg_trgm word similarity). Candidates are capped so a query matching thousands of characters
 * still answers in milliseconds.
 */
export async function searchIds(
  db: DbOrTx,
  query: string,
  words: string[],
  fuzzy: boolean,
): Promise<number[]> {
  const tsquery = words.map((w) => `${w}:*`).join(' & ');
  const tsq = sql`to_tsquery('simple', ${tsquery})`;
  const text = sql`(SELECT id FROM ${characters} WHERE ${listed} AND ${characters.search} @@ ${tsq} LIMIT ${SEARCH_TEXT_CANDIDATES})`;
  let candidates = text;
  if (fuzzy) {
    const like = `%${query.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    candidates = sql`(${text} UNION (SELECT id FROM ${characters} WHERE ${listed} AND (${characters.name} ILIKE ${like} OR ${query} <% ${characters.name}) LIMIT ${SEARCH_NAME_CANDIDATES}))`;
  }
  const rows = await db
    .select({ id: characters.id })
    .from(characters)
    .where(sql`${characters.id} IN ${candidates}`)
    .orderBy(
      // Name matches first, then tag matches, then closeness of the name; cheaper than ts_rank
      // on the whole vector and closer to what people expect.
      desc(
        sql`(to_tsvector('simple', ${characters.name}) @@ ${tsq})::int * 2 + (to_tsvector('simple', ${characters.tagLine}) @@ ${tsq})::int + word_similarity(${query}, ${characters.name})`,
      ),
      desc(characters.ratingCount),
      characters.id,
    );
  return rows.map((r) => r.id);
}

/** Listed characters by id, in the order given. */
export async function listRowsByIds(db: DbOrTx, ids: number[]): Promise<ListRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(listColumns)
    .from(characters)
    .innerJoin(users, eq(users.id, characters.ownerId))
    .where(and(inArray(characters.id, ids), listed));
  const byId = new Map(rows.map((r) => [r.c.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Which of these characters the user liked: one probe of the (user, character) index per id. */
export async function likedAmong(db: DbOrTx, userId: string, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: collects.characterId })
    .from(collects)
    .where(and(eq(collects.userId, userId), inArray(collects.characterId, ids)));
  return new Set(rows.map((r) => r.id));
}

/** The characters a user liked, at most `limit` of them (any order). */
export async function likedIds(db: DbOrTx, userId: string, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: collects.characterId })
    .from(collects)
    .where(eq(collects.userId, userId))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function listOwned(
  db: DbOrTx,
  userId: string,
  limit: number,
  offset: number,
): Promise<SummaryRow[]> {
  return db
    .select(summaryColumns(userId))
    .from(characters)
    .innerJoin(users, eq(users.id, characters.ownerId))
    .where(and(eq(characters.ownerId, userId), isNull(characters.deletedAt)))
    .orderBy(desc(characters.createdAt), desc(characters.id))
    .limit(limit)
    .offset(offset);
}

/** Which characters the admins' lists show (all not deleted, narrowed by these). */
export interface AdminFilter {
  /** Only public characters waiting for review (the approval queue). */
  pendingPublic?: boolean;
  approval?: Character['approval'] | undefined;
  /** Names containing this text, case-insensitive. */
  name?: string | undefined;
}

export async function listAll(
  db: DbOrTx,
  userId: string,
  filter: AdminFilter,
  limit: number,
  offset: number,
  oldestFirst = false,
): Promise<{ rows: SummaryRow[]; total: number }> {
  const cond = and(
    isNull(characters.deletedAt),
    filter.pendingPublic
      ? and(eq(characters.visibility, 'public'), eq(characters.approval, 'pending'))
      : undefined,
    filter.approval ? eq(characters.approval, filter.approval) : undefined,
    filter.name ? ilike(characters.name, `%${filter.name.replace(/[\\%_]/g, (m) => `\\${m}`)}%`) : undefined,
  );
  const rows = await db
    .select(summaryColumns(userId))
    .from(characters)
    .innerJoin(users, eq(users.id, characters.ownerId))
    .where(cond)
    .orderBy(oldestFirst ? characters.createdAt : desc(characters.createdAt), characters.id)
    .limit(limit)
    .offset(offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(characters)
    .where(cond);
  return { rows, total: count?.n ?? 0 };
}

export async function addCollect(db: DbOrTx, userId: string, characterId: number): Promise<void> {
  await db.insert(collects).values({ userId, characterId }).onConflictDoNothing();
}

export async function deleteCollects(
  db: DbOrTx,
  userId: string,
  by: { ids?: number[] | undefined; characterId?: number | undefined },
): Promise<number> {
  const target = by.ids ? inArray(collects.id, by.ids) : eq(collects.characterId, by.characterId ?? -1);
  const rows = await db
    .delete(collects)
    .where(and(eq(collects.userId, userId), target))
    .returning({ id: collects.id });
  return rows.length;
}

/**
 * A user's likes, newest first. Characters their creator deleted stay (flagged); private
 * characters of someone else never appear (they were liked while public, then hidden).
 */
export async function listCollects(db: DbOrTx, viewer: Viewer, limit: number, offset: number) {
  return db
    .select({ ...summaryColumns(viewer.userId), collectId: collects.id })
    .from(collects)
    .innerJoin(characters, eq(characters.id, collects.characterId))
    .innerJoin(users, eq(users.id, characters.ownerId))
    .where(and(eq(collects.userId, viewer.userId), shownInOwnLists(viewer)))
    .orderBy(desc(collects.createdAt), desc(collects.id))
    .limit(limit)
    .offset(offset);
}

/**
 * In likes and recent chats: anything visible, plus deleted ones that were visible (flagged);
 * someone else's hidden character leaves them until an admin restores it.
 */
function shownInOwnLists(viewer: Viewer): SQL {
  if (viewer.isAdmin) return sql`TRUE`;
  return sql`(${characters.ownerId} = ${viewer.userId} OR (${characters.visibility} = 'public' AND ${characters.approval} = 'approved' AND ${characters.hiddenAt} IS NULL))`;
}

export async function touchBrowse(db: DbOrTx, userId: string, characterId: number): Promise<void> {
  await db
    .insert(characterBrowses)
    .values({ userId, characterId })
    .onConflictDoUpdate({
      target: [characterBrowses.userId, characterBrowses.characterId],
      set: { lastAt: sql`now()` },
    });
}

export async function listBrowses(db: DbOrTx, viewer: Viewer, limit: number) {
  return db
    .select({
      ...summaryColumns(viewer.userId),
      browseId: characterBrowses.id,
      lastAt: characterBrowses.lastAt,
    })
    .from(characterBrowses)
    .innerJoin(characters, eq(characters.id, characterBrowses.characterId))
    .innerJoin(users, eq(users.id, characters.ownerId))
    .where(and(eq(characterBrowses.userId, viewer.userId), shownInOwnLists(viewer)))
    .orderBy(desc(characterBrowses.lastAt), desc(characterBrowses.id))
    .limit(limit);
}

export async function deleteBrowses(
  db: DbOrTx,
  userId: string,
  by: { ids?: number[] | undefined; characterId?: number | undefined },
): Promise<number> {
  const target = by.ids
    ? inArray(characterBrowses.id, by.ids)
    : eq(characterBrowses.characterId, by.characterId ?? -1);
  const rows = await db
    .delete(characterBrowses)
    .where(and(eq(characterBrowses.userId, userId), target))
    .returning({ id: characterBrowses.id });
  return rows.length;
}
