import { and, asc, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { creditBuckets, creditEntries, users, type CreditBucket, type NewCreditEntry } from '../../db/schema';
import type { QuotaWindow } from '../limits/quota.repository';

/**
 * Locks the user's row for the rest of the transaction: every change to one user's credits
 * runs one at a time, on PGlite and on PostgreSQL alike. Returns false when there is no user.
 */
export interface LockedUser {
  subscription: boolean;
  type: number;
  network: string | null;
}

export async function lockUser(tx: DbOrTx, userId: string): Promise<LockedUser | undefined> {
  const rows = await tx
    .select({ subscription: users.subscription, type: users.type, network: users.network })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('update');
  return rows[0];
}

export async function hasDailyBucket(tx: DbOrTx, userId: string, day: string): Promise<boolean> {
  const rows = await tx
    .select({ id: creditBuckets.id })
    .from(creditBuckets)
    .where(and(eq(creditBuckets.userId, userId), eq(creditBuckets.day, day)))
    .limit(1);
  return rows.length > 0;
}

const TOURIST_POOL = 'tourist-credits:';
/** The quota key of the free credits the tourists of one network draw from. */
export const touristPoolKey = (network: string) => `${TOURIST_POOL}${network}`;

/** Today's free credits, and what tourists of one network may draw together today. */
export interface DailyPool {
  daily: number;
  perNetwork: number;
  window: QuotaWindow;
}

/**
 * The free credits a user would get today if today's bucket were made now: the daily value, or
 * for a tourist what its network's pool still holds, up to it.
 */
const unclaimedDaily = (user: SQL, pool: DailyPool) => sql`(SELECT CASE
    WHEN uu.type = 0 AND uu.network IS NOT NULL THEN least(${pool.daily}, greatest(0,
      ${pool.perNetwork} - coalesce((SELECT q.used FROM quota_counters q
        WHERE q.key = ${TOURIST_POOL} || uu.network AND q.window_start = ${pool.window.start.toISOString()}), 0)))
    ELSE ${pool.daily} END FROM users uu WHERE uu.id = ${user})`;

/** Creates the day's free bucket if it does not exist yet; returns it when created. */
export async function insertDailyBucket(
  tx: DbOrTx,
  userId: string,
  day: string,
  amount: number,
  expiresAt: Date,
): Promise<CreditBucket | undefined> {
  const [bucket] = await tx
    .insert(creditBuckets)
    .values({
      userId,
      kind: 'daily',
      day,
      amount,
      remaining: amount,
      expiresAt,
      source: 'daily',
      sourceRef: `${userId}:${day}`,
    })
    .onConflictDoNothing({ target: [creditBuckets.userId, creditBuckets.day] })
    .returning();
  return bucket;
}

export async function insertPaidBucket(
  tx: DbOrTx,
  values: { userId: string; amount: number; expiresAt: Date; source: string; sourceRef: string },
): Promise<CreditBucket | undefined> {
  const [bucket] = await tx
    .insert(creditBuckets)
    .values({ ...values, kind: 'paid', remaining: values.amount })
    .onConflictDoNothing({ target: [creditBuckets.source, creditBuckets.sourceRef] })
    .returning();
  return bucket;
}

/** Buckets with credits left, in spending order: today's free first, then earliest expiry. */
export function spendableBuckets(tx: DbOrTx, userId: string, now: Date): Promise<CreditBucket[]> {
  return tx
    .select()
    .from(creditBuckets)
    .where(
      and(eq(creditBuckets.userId, userId), gt(creditBuckets.remaining, 0), gt(creditBuckets.expiresAt, now)),
    )
    .orderBy(desc(sql`${creditBuckets.kind} = 'daily'`), asc(creditBuckets.expiresAt), asc(creditBuckets.id));
}

export async function addToBucket(tx: DbOrTx, bucketId: number, delta: number): Promise<void> {
  await tx
    .update(creditBuckets)
    .set({ remaining: sql`${creditBuckets.remaining} + ${delta}` })
    .where(eq(creditBuckets.id, bucketId));
}

export async function insertEntries(tx: DbOrTx, entries: NewCreditEntry[]): Promise<void> {
  if (entries.length > 0) await tx.insert(creditEntries).values(entries);
}

export function spendEntries(tx: DbOrTx, operationId: string) {
  return tx
    .select()
    .from(creditEntries)
    .where(and(eq(creditEntries.operationId, operationId), eq(creditEntries.kind, 'spend')));
}

export async function isRefunded(tx: DbOrTx, operationId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: creditEntries.id })
    .from(creditEntries)
    .where(eq(creditEntries.refundOf, operationId))
    .limit(1);
  return rows.length > 0;
}

/** What is left of the user's free bucket of `day`: NULL while it is not made yet. */
const dailyLeft = (user: SQL, day: string) =>
  sql`(SELECT b.remaining FROM credit_buckets b WHERE b.user_id = ${user} AND b.day = ${day})`;

/** What is left in the user's paid packs that have not expired. */
const paidLeft = (user: SQL, now: Date) => sql`(SELECT coalesce(sum(b.remaining), 0) FROM credit_buckets b
  WHERE b.user_id = ${user} AND b.kind = 'paid' AND b.expires_at > ${now.toISOString()})`;

/**
 * The credits a user can spend now, as one SQL figure for a bigger query to carry: today's free
 * credits (what today's bucket would hold while it is not made yet) plus live paid packs.
 */
export function spendableSql(userId: string, day: string, now: Date, pool: DailyPool): SQL {
  const user = sql`${userId}::uuid`;
  return sql`(coalesce(${dailyLeft(user, day)}, ${unclaimedDaily(user, pool)}) + ${paidLeft(user, now)})::int`;
}

export interface BalanceRow {
  daily: number | null;
  /** What today's free bucket was made with (null while it is not made). */
  dailyAmount: number | null;
  tourist: boolean;
  /** What today's free bucket would hold if it were made now (see unclaimedDaily). */
  unclaimedDaily: number;
  paid: number;
  latestPaidExpiry: Date | null;
  activePacks: number;
  subscription: boolean;
}

type BalanceSqlRow = {
  subscription: boolean;
  tourist: boolean;
  daily: number | null;
  daily_amount: number | null;
  unclaimed_daily: number | string;
  paid: string | number;
  latest_paid_expiry: Date | string | null;
  active_packs: string | number;
};

/** Everything the balance needs, in one query. */
export async function balanceRow(
  tx: DbOrTx,
  userId: string,
  day: string,
  now: Date,
  pool: DailyPool,
): Promise<BalanceRow | undefined> {
  const nowIso = now.toISOString();
  const query = sql`
    SELECT u.subscription, u.type = 0 AS tourist,
      ${dailyLeft(sql`u.id`, day)} AS daily,
      (SELECT b.amount FROM credit_buckets b WHERE b.user_id = u.id AND b.day = ${day}) AS daily_amount,
      ${unclaimedDaily(sql`u.id`, pool)} AS unclaimed_daily,
      ${paidLeft(sql`u.id`, now)} AS paid,
      (SELECT max(b.expires_at) FROM credit_buckets b
        WHERE b.user_id = u.id AND b.kind = 'paid') AS latest_paid_expiry,
      (SELECT count(*) FROM credit_buckets b
        WHERE b.user_id = u.id AND b.kind = 'paid' AND b.expires_at > ${nowIso}) AS active_packs
    FROM users u
    WHERE u.id = ${userId} AND u.deleted_at IS NULL`;
  // PGlite and node-postgres both answer { rows }; the shared Db type leaves it unknown.
  const result: unknown = await tx.execute(query);
  const row = (result as { rows: BalanceSqlRow[] }).rows[0];
  if (!row) return undefined;
  return {
    subscription: row.subscription,
    daily: row.daily === null ? null : Number(row.daily),
    dailyAmount: row.daily_amount === null ? null : Number(row.daily_amount),
    tourist: row.tourist,
    unclaimedDaily: Number(row.unclaimed_daily),
    paid: Number(row.paid),
    latestPaidExpiry: row.latest_paid_expiry === null ? null : new Date(row.latest_paid_expiry),
    activePacks: Number(row.active_packs),
  };
}

/** Every bucket of the user, live ones first, then newest (the operator console). */
export function userBuckets(tx: DbOrTx, userId: string, limit: number): Promise<CreditBucket[]> {
  return tx
    .select()
    .from(creditBuckets)
    .where(eq(creditBuckets.userId, userId))
    .orderBy(desc(creditBuckets.expiresAt), desc(creditBuckets.id))
    .limit(limit);
}

/** A page of the user's ledger, newest first; one row more than asked tells there is more. */
export function ledgerPage(tx: DbOrTx, userId: string, offset: number, limit: number) {
  return tx
    .select()
    .from(creditEntries)
    .where(eq(creditEntries.userId, userId))
    .orderBy(desc(creditEntries.createdAt), desc(creditEntries.id))
    .offset(offset)
    .limit(limit + 1);
}
