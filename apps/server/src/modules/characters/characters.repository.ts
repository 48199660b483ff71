import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { fromRowJson, rowJson } from '../../db/json';
import {
  appState,
  characterRatings,
  characters,
  characterTags,
  collects,
  tags,
  users,
  type Character,
  type NewCharacter,
} from '../../db/schema';
import { onlyRow } from '../../db/rows';

/** Who is asking: listed characters plus their own; admins see everything not deleted. */
export interface Viewer {
  userId: string;
  isAdmin: boolean;
}

/**
 * Public, approved, not hidden (by reports or an admin, issue 18) and not deleted: what lists,
 * search, the home feed and link previews show.
 */
export const listed = sql`${characters.deletedAt} IS NULL AND ${characters.visibility} = 'public' AND ${characters.approval} = 'approved' AND ${characters.hiddenAt} IS NULL`;

/**
 * What a viewer may open: listed characters, their own (hidden or not), and everything for
 * admins, who review hidden ones.
 */
export function visibleTo(viewer: Viewer): SQL {
  if (viewer.isAdmin) return sql`${characters.deletedAt} IS NULL`;
  return sql`${characters.deletedAt} IS NULL AND (${characters.ownerId} = ${viewer.userId} OR (${characters.visibility} = 'public' AND ${characters.approval} = 'approved' AND ${characters.hiddenAt} IS NULL))`;
}

/** The creator's public name: none (shown as hidden) while an admin or reports hide their profile. */
const creatorName = sql<string>`CASE WHEN ${users.hiddenAt} IS NULL THEN ${users.name} ELSE '' END`;

/** Only what a list shows: the long texts, the card data and the search vector stay behind. */
const summaryFields = {
  id: characters.id,
  ownerId: characters.ownerId,
  name: characters.name,
  description: characters.description,
  category: characters.category,
  gender: characters.gender,
  nsfw: characters.nsfw,
  visibility: characters.visibility,
  approval: characters.approval,
  headKey: characters.headKey,
  listHeadKey: characters.listHeadKey,
  tagLine: characters.tagLine,
  ratingAvg: characters.ratingAvg,
  ratingCount: characters.ratingCount,
  commentNum: characters.commentNum,
  createdAt: characters.createdAt,
  deletedAt: characters.deletedAt,
};
export type CharacterFields = Pick<Character, keyof typeof summaryFields>;

const isCollectedBy = (userId: string) =>
  sql<boolean>`EXISTS (SELECT 1 FROM ${collects} WHERE ${collects.userId} = ${userId} AND ${collects.characterId} = ${characters.id})`;

/** The columns every list needs, with the creator's name and whether the viewer liked it. */
export function summaryColumns(userId: string) {
  return { c: summaryFields, creatorName, isCollected: isCollectedBy(userId) };
}
export interface SummaryRow<C extends CharacterFields = CharacterFields> {
  c: C;
  creatorName: string;
  isCollected: boolean;
}

/** The columns of the public lists: the same for every viewer, so they may be cached. */
export const listColumns = { c: summaryFields, creatorName };
/** A public list's row, before the viewer's like is added (`isCollected`). */
export type ListRow = Omit<SummaryRow, 'isCollected'>;
/** A single character with every column (get, edit, export). */
export type FullRow = SummaryRow<Character>;

export async function findVisible(db: DbOrTx, viewer: Viewer, id: number): Promise<FullRow | undefined> {
  const [row] = await db
    .select({ c: characters, creatorName, isCollected: isCollectedBy(viewer.userId) })
    .from(characters)
    .innerJoin(users, eq(users.id, characters.ownerId))
    .where(and(eq(characters.id, id), visibleTo(viewer)));
  return row;
}

/**
 * `findVisible` as one JSON value (or NULL) for a bigger query to carry: the chat reads the
 * character with the conversation in one round trip. `fullRowFromJson` reads it back.
 */
export function visibleJson(viewer: Viewer, id: number): SQL {
  return sql`(SELECT json_build_object('c', ${rowJson(characters)}, 'creatorName', ${creatorName}, 'isCollected', ${isCollectedBy(viewer.userId)})
    FROM ${characters} INNER JOIN ${users} ON ${users.id} = ${characters.ownerId}
    WHERE ${characters.id} = ${id} AND ${visibleTo(viewer)})`;
}

export function fullRowFromJson(json: {
  c: Record<string, unknown>;
  creatorName: string;
  isCollected: boolean;
}): FullRow {
  return { c: fromRowJson(characters, json.c), creatorName: json.creatorName, isCollected: json.isCollected };
}

/**
 * What a lineage needs to know of its sources now: may this viewer open them, may everyone, and
 * whether an admin or reports hide their creator's profile.
 */
export interface SourceState {
  visible: boolean;
  listed: boolean;
  nsfw: boolean;
  creatorHidden: boolean;
}

export async function sourceStates(
  db: DbOrTx,
  viewer: Viewer,
  ids: number[],
): Promise<Map<number, SourceState>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: characters.id,
      nsfw: characters.nsfw,
      visible: sql<boolean>`(${visibleTo(viewer)})`,
      listed: sql<boolean>`(${listed})`,
      creatorHidden: sql<boolean>`(${users.hiddenAt} IS NOT NULL)`,
    })
    .from(characters)
    .innerJoin(users, eq(users.id, characters.ownerId))
    .where(inArray(characters.id, ids));
  return new Map(rows.map(({ id, ...state }) => [id, state]));
}

/** Any character by id, deleted or not: for owner checks and "creator removed" answers. */
export async function findAny(db: DbOrTx, id: number): Promise<Character | undefined> {
  const [row] = await db.select().from(characters).where(eq(characters.id, id));
  return row;
}

/** Which of these image keys a character (deleted or not) still uses: a clone may share them. */
export async function imageKeysInUse(db: DbOrTx, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ head: characters.headKey, list: characters.listHeadKey })
    .from(characters)
    .where(or(inArray(characters.headKey, keys), inArray(characters.listHeadKey, keys)));
  return new Set(rows.flatMap((r) => [r.head, r.list]));
}

export async function lockCharacter(db: DbOrTx, id: number): Promise<Character | undefined> {
  const [row] = await db.select().from(characters).where(eq(characters.id, id)).for('update');
  return row;
}

export async function insertCharacter(db: DbOrTx, values: NewCharacter): Promise<Character> {
  return onlyRow(await db.insert(characters).values(values).returning(), 'character insert');
}

/** Places a new character in the Hot order of the day. */
export async function setHotKey(db: DbOrTx, id: number, day: string): Promise<void> {
  await db
    .update(characters)
    .set({ hotKey: hotKeyFor(id, day) })
    .where(eq(characters.id, id));
}

/**
 * Takes a transaction-level advisory lock if no one holds it; answers whether it did. The lock
 * goes with the transaction.
 */
export async function tryXactLock(tx: DbOrTx, key: number): Promise<boolean> {
  const result: unknown = await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${key}) AS locked`);
  const rows = (result as { rows?: { locked?: unknown }[] }).rows ?? (result as { locked?: unknown }[]);
  return Array.isArray(rows) && rows[0]?.locked === true;
}

export async function updateCharacter(db: DbOrTx, id: number, values: Partial<NewCharacter>): Promise<void> {
  await db
    .update(characters)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(characters.id, id));
}

/** Makes the tag rows exist and links exactly these tags to the character. */
export async function setTags(db: DbOrTx, characterId: number, names: string[]): Promise<void> {
  await db.delete(characterTags).where(eq(characterTags.characterId, characterId));
  if (names.length === 0) return;
  const ids = await ensureTags(db, names);
  await db
    .insert(characterTags)
    .values(ids.map((tagId) => ({ characterId, tagId })))
    .onConflictDoNothing();
}

export async function ensureTags(db: DbOrTx, names: string[]): Promise<number[]> {
  if (names.length === 0) return [];
  await db
    .insert(tags)
    .values(names.map((name) => ({ name })))
    .onConflictDoNothing();
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(
      inArray(
        sql`lower(${tags.name})`,
        names.map((n) => n.toLowerCase()),
      ),
    );
  return rows.map((r) => r.id);
}

/** Saves one user's stars and refreshes the character's sum, count and average. */
export async function upsertRating(db: DbOrTx, characterId: number, userId: string, stars: number) {
  await db
    .insert(characterRatings)
    .values({ characterId, userId, stars })
    .onConflictDoUpdate({
      target: [characterRatings.characterId, characterRatings.userId],
      set: { stars, updatedAt: sql`now()` },
    });
  const [row] = await db
    .update(characters)
    .set({
      ratingSum: sql`(SELECT coalesce(sum(stars), 0)::int FROM ${characterRatings} WHERE ${characterRatings.characterId} = ${characterId})`,
      ratingCount: sql`(SELECT count(*)::int FROM ${characterRatings} WHERE ${characterRatings.characterId} = ${characterId})`,
      ratingAvg: sql`(SELECT coalesce(avg(stars), 0)::real FROM ${characterRatings} WHERE ${characterRatings.characterId} = ${characterId})`,
    })
    .where(eq(characters.id, characterId))
    .returning({ avg: characters.ratingAvg, count: characters.ratingCount });
  if (!row) throw new Error('rated character vanished');
  return row;
}

export async function myRating(db: DbOrTx, characterId: number, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ stars: characterRatings.stars })
    .from(characterRatings)
    .where(and(eq(characterRatings.characterId, characterId), eq(characterRatings.userId, userId)));
  return row?.stars ?? null;
}

/** Tags of a character, in the order they were given. */
export async function tagsOf(db: DbOrTx, characterId: number): Promise<string[]> {
  const rows = await db
    .select({ name: tags.name })
    .from(characterTags)
    .innerJoin(tags, eq(tags.id, characterTags.tagId))
    .where(eq(characterTags.characterId, characterId));
  return rows.map((r) => r.name);
}

export async function readState(db: DbOrTx, key: string): Promise<string | undefined> {
  const [row] = await db.select({ value: appState.value }).from(appState).where(eq(appState.key, key));
  return row?.value;
}

export async function writeState(db: DbOrTx, key: string, value: string): Promise<void> {
  await db
    .insert(appState)
    .values({ key, value })
    .onConflictDoUpdate({ target: appState.key, set: { value, updatedAt: sql`now()` } });
}

/** Draws the Hot order for a day: a stable pseudo-random position per character. */
export async function drawHotOrder(db: DbOrTx, day: string): Promise<void> {
  await db.update(characters).set({ hotKey: sql`hashtext(${characters.id}::text || ${day})` });
}

export function hotKeyFor(id: number, day: string): SQL {
  return sql`hashtext(${String(id)} || ${day})`;
}
