import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  characters,
  emailCodes,
  identities,
  jobs,
  loginTokens,
  oauthFlows,
  users,
  type User,
} from '../../db/schema';

export async function insertEmailCode(db: DbOrTx, values: typeof emailCodes.$inferInsert): Promise<void> {
  await db.insert(emailCodes).values(values);
}

/** Codes asked for since `since`: for one address, and from one network address. */
export async function recentCodeCounts(
  db: DbOrTx,
  email: string,
  ip: string,
  since: Date,
  last: Date,
): Promise<{ forEmail: number; fromIp: number; forEmailLately: number }> {
  const sinceIso = since.toISOString();
  const lastIso = last.toISOString();
  const result: unknown = await db.execute(sql`SELECT
    (SELECT count(*) FROM ${emailCodes} WHERE ${emailCodes.email} = ${email} AND ${emailCodes.createdAt} > ${sinceIso})::int AS for_email,
    (SELECT count(*) FROM ${emailCodes} WHERE ${emailCodes.ip} = ${ip} AND ${emailCodes.createdAt} > ${sinceIso})::int AS from_ip,
    (SELECT count(*) FROM ${emailCodes} WHERE ${emailCodes.email} = ${email} AND ${emailCodes.createdAt} > ${lastIso})::int AS lately`);
  const row = (result as { rows: { for_email: number; from_ip: number; lately: number }[] }).rows[0];
  return {
    forEmail: Number(row?.for_email ?? 0),
    fromIp: Number(row?.from_ip ?? 0),
    forEmailLately: Number(row?.lately ?? 0),
  };
}

/** The newest code for an address, locked for the rest of the transaction. */
export async function lockLatestCode(db: DbOrTx, email: string) {
  const [row] = await db
    .select()
    .from(emailCodes)
    .where(eq(emailCodes.email, email))
    .orderBy(desc(emailCodes.createdAt), desc(emailCodes.id))
    .limit(1)
    .for('update');
  return row;
}

export async function updateCode(
  db: DbOrTx,
  id: number,
  values: Partial<typeof emailCodes.$inferInsert>,
): Promise<void> {
  await db.update(emailCodes).set(values).where(eq(emailCodes.id, id));
}

export async function insertLoginToken(db: DbOrTx, values: typeof loginTokens.$inferInsert): Promise<void> {
  await db.insert(loginTokens).values(values);
}

/**
 * Marks a live, unused token of this browser (its binding) used and answers it; undefined when
 * there is none. A token shown to another browser stays unused.
 */
export async function redeemLoginToken(db: DbOrTx, tokenHash: string, bindingHash: string, now: Date) {
  const [row] = await db
    .update(loginTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(loginTokens.tokenHash, tokenHash),
        eq(loginTokens.bindingHash, bindingHash),
        isNull(loginTokens.usedAt),
        gt(loginTokens.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** The account's address as its provider gives it now, and whether the provider proved it. */
export async function setEmail(
  db: DbOrTx,
  id: string,
  email: string | null,
  emailVerified: boolean,
): Promise<User | undefined> {
  const [row] = await db
    .update(users)
    .set({ email, emailVerified, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .returning();
  return row;
}

export async function userByIdentity(
  db: DbOrTx,
  provider: string,
  subject: string,
): Promise<User | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(identities)
    .innerJoin(users, eq(users.id, identities.userId))
    .where(and(eq(identities.provider, provider), eq(identities.subject, subject)));
  return row?.user;
}

class IdentityTaken extends Error {}

/** A new account with its first identity; undefined if another request made it first. */
export async function createAccount(
  db: DbOrTx,
  account: { type: number; email: string | null; emailVerified: boolean; name: string; head: string },
  identity: { provider: string; subject: string },
): Promise<User | undefined> {
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx.insert(users).values(account).returning();
      if (!user) throw new Error('user insert returned nothing');
      const [made] = await tx
        .insert(identities)
        .values({ userId: user.id, email: account.email, ...identity })
        .onConflictDoNothing()
        .returning({ id: identities.id });
      if (!made) throw new IdentityTaken();
      return user;
    });
  } catch (err) {
    if (err instanceof IdentityTaken) return undefined;
    throw err;
  }
}

/**
 * Moves what a tourist made to the account they signed in to (decisions.md): characters,
 * conversations, likes, recent chats, ratings and paid credits. Where both have the same like,
 * recent chat or rating, the account's stays; a dropped rating leaves its character's figures.
 */
export async function mergeTourist(db: DbOrTx, touristId: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const run = (q: ReturnType<typeof sql>) => tx.execute(q);
    await run(
      sql`UPDATE characters SET owner_id = ${userId}, updated_at = now() WHERE owner_id = ${touristId}`,
    );
    await run(sql`UPDATE conversations SET user_id = ${userId} WHERE user_id = ${touristId}`);
    await run(sql`INSERT INTO collects (user_id, character_id, created_at)
      SELECT ${userId}, character_id, created_at FROM collects WHERE user_id = ${touristId}
      ON CONFLICT (user_id, character_id) DO NOTHING`);
    await run(sql`DELETE FROM collects WHERE user_id = ${touristId}`);
    await run(sql`INSERT INTO character_browses (user_id, character_id, last_at)
      SELECT ${userId}, character_id, last_at FROM character_browses WHERE user_id = ${touristId}
      ON CONFLICT (user_id, character_id) DO UPDATE SET last_at = greatest(character_browses.last_at, excluded.last_at)`);
    await run(sql`DELETE FROM character_browses WHERE user_id = ${touristId}`);
    // Ratings of characters the account has not rated move; the others are dropped, and their
    // characters' sums, counts and averages follow.
    await run(sql`WITH dropped AS (
        DELETE FROM character_ratings t
        WHERE t.user_id = ${touristId}
          AND EXISTS (SELECT 1 FROM character_ratings a WHERE a.user_id = ${userId} AND a.character_id = t.character_id)
        RETURNING t.character_id, t.stars)
      UPDATE characters c SET rating_sum = c.rating_sum - d.stars, rating_count = c.rating_count - 1,
        rating_avg = CASE WHEN c.rating_count - 1 > 0 THEN (c.rating_sum - d.stars)::real / (c.rating_count - 1) ELSE 0 END
      FROM dropped d WHERE c.id = d.character_id`);
    await run(sql`UPDATE character_ratings SET user_id = ${userId} WHERE user_id = ${touristId}`);
    // Paid credits follow the person; a tourist's free credits of the day do not.
    await run(sql`UPDATE credit_entries SET user_id = ${userId}
      WHERE bucket_id IN (SELECT id FROM credit_buckets WHERE user_id = ${touristId} AND kind = 'paid')`);
    await run(
      sql`UPDATE credit_buckets SET user_id = ${userId} WHERE user_id = ${touristId} AND kind = 'paid'`,
    );
  });
}

export async function updateUser(
  db: DbOrTx,
  id: string,
  values: Partial<Pick<User, 'name' | 'head' | 'headKey' | 'enableNsfw'>>,
): Promise<User | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .returning();
  return row;
}

/** Asks for the account's removal: it stops working now; `removeRequested` erases it. */
export async function markDeleted(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ deletedAt: now })
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Accounts whose removal was asked for, oldest first, with the storage keys of every file they
 * made: the avatar, their characters' images (but not those another owner's character still
 * shows: a clone made before clones had images of their own), shared copies, and each job's
 * results (images, audio) and inputs (clone recordings, face swap photos). An account with a
 * running job waits for it, so that no file is written after its keys were read.
 */
export async function removalQueue(db: DbOrTx, limit: number) {
  const result: unknown = await db.execute(sql`SELECT u.id, u.head_key,
      coalesce((SELECT json_agg(k.key) FROM characters c
        CROSS JOIN LATERAL (VALUES (c.head_key), (c.list_head_key), (c.reference_key)) AS k(key)
        WHERE c.owner_id = u.id AND k.key IS NOT NULL AND NOT EXISTS (SELECT 1 FROM characters o
          WHERE o.owner_id <> u.id AND k.key IN (o.head_key, o.list_head_key, o.reference_key))), '[]'::json) AS character_keys,
      coalesce((SELECT json_agg(s.file_key) FROM image_shares s WHERE s.user_id = u.id), '[]'::json) AS shared_keys,
      coalesce((SELECT json_agg(k.key) FROM jobs j CROSS JOIN LATERAL (
          SELECT img->>'key' FROM jsonb_array_elements(
            CASE WHEN jsonb_typeof(j.result->'images') = 'array' THEN j.result->'images' ELSE '[]'::jsonb END) img
          UNION ALL SELECT j.result->>'key'
          UNION ALL SELECT j.input->>f FROM unnest(ARRAY['referenceKey', 'scriptKey', 'baseKey', 'faceKey']) f
        ) AS k(key) WHERE j.user_id = u.id AND k.key IS NOT NULL), '[]'::json) AS private_keys
    FROM users u WHERE u.deleted_at IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM jobs r WHERE r.user_id = u.id AND r.state = 'running')
    ORDER BY u.deleted_at LIMIT ${limit}`);
  return (
    result as {
      rows: {
        id: string;
        head_key: string | null;
        character_keys: string[];
        shared_keys: string[];
        private_keys: string[];
      }[];
    }
  ).rows;
}

/**
 * Erases an account: every row that refers to it goes with it (foreign keys cascade). Its jobs
 * are locked first, so no worker claims one meanwhile; with one running (claimed since the
 * account's keys were read), nothing is erased and false is answered: the next round retries.
 */
export async function eraseUser(db: DbOrTx, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const open = await tx
      .select({ state: jobs.state })
      .from(jobs)
      .where(and(eq(jobs.userId, id), inArray(jobs.state, ['queued', 'running'])))
      .for('update');
    if (open.some((j) => j.state === 'running')) return false;
    // Sign-in codes and tokens are kept by address, not by user.
    const emails = sql`(SELECT coalesce(i.email, i.subject) FROM ${identities} i WHERE i.user_id = ${id} AND i.provider = 'email'
      UNION SELECT u.email FROM ${users} u WHERE u.id = ${id} AND u.email IS NOT NULL)`;
    await tx.execute(sql`DELETE FROM ${emailCodes} WHERE ${emailCodes.email} IN ${emails}`);
    await tx.execute(
      sql`DELETE FROM ${loginTokens} WHERE (${loginTokens.provider}, ${loginTokens.subject}) IN (SELECT provider, subject FROM ${identities} WHERE user_id = ${id})`,
    );
    // Other people's clones keep crediting these characters by name, but not by the account's.
    const own = sql`(SELECT ${characters.id} FROM ${characters} WHERE ${characters.ownerId} = ${id})`;
    const credits = (entry: string) => sql.raw(`(${entry} ->> 'id')::bigint`);
    await tx.execute(sql`UPDATE ${characters} SET lineage = (
        SELECT jsonb_agg(CASE WHEN ${credits('e')} IN ${own} THEN jsonb_set(e, '{creator}', '""') ELSE e END ORDER BY n)
        FROM jsonb_array_elements(${characters.lineage}) WITH ORDINALITY AS x(e, n))
      WHERE ${characters.ownerId} <> ${id}
        AND EXISTS (SELECT 1 FROM jsonb_array_elements(${characters.lineage}) AS y(f) WHERE ${credits('f')} IN ${own})`);
    await tx.delete(users).where(eq(users.id, id));
    return true;
  });
}

export async function insertOauthFlow(db: DbOrTx, values: typeof oauthFlows.$inferInsert): Promise<void> {
  await db.insert(oauthFlows).values(values);
}

/** Takes a sign-in flow out (each is used once). */
export async function takeOauthFlow(db: DbOrTx, idHash: string) {
  const [flow] = await db.delete(oauthFlows).where(eq(oauthFlows.idHash, idHash)).returning();
  return flow;
}
