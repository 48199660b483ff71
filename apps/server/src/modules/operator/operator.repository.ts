import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { onlyRow } from '../../db/rows';
import {
  jobs,
  operatorActions,
  orders,
  paymentEvents,
  users,
  type JobRow,
  type NewOperatorActionRow,
  type OrderRow,
  type User,
} from '../../db/schema';

/** Writes one audit row (in the caller's transaction, with the change it records). */
export async function insertAction(tx: DbOrTx, values: NewOperatorActionRow): Promise<number> {
  const row = onlyRow(
    await tx.insert(operatorActions).values(values).returning({ id: operatorActions.id }),
    'operator action insert',
  );
  return row.id;
}

/** A page of the audit log, newest first, with each admin's address and name; one row more tells more. */
export function logPage(
  db: DbOrTx,
  filter: { targetType?: string | undefined; targetId?: string | undefined },
  offset: number,
  limit: number,
) {
  const where: SQL[] = [];
  if (filter.targetType) where.push(eq(operatorActions.targetType, filter.targetType as 'user'));
  if (filter.targetId) where.push(eq(operatorActions.targetId, filter.targetId));
  return db
    .select({
      action: operatorActions,
      adminEmail: users.email,
      adminName: users.name,
    })
    .from(operatorActions)
    .leftJoin(users, eq(users.id, operatorActions.adminId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(operatorActions.createdAt), desc(operatorActions.id))
    .offset(offset)
    .limit(limit + 1);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Users by id (exact) or email (exact or its beginning, any case), newest first. */
export function searchUsers(db: DbOrTx, q: string, limit: number): Promise<User[]> {
  const text = q.trim();
  const escaped = text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  const byEmail = ilike(users.email, `${escaped}%`);
  return db
    .select()
    .from(users)
    .where(UUID.test(text) ? or(eq(users.id, text), byEmail) : byEmail)
    .orderBy(desc(sql`lower(${users.email}) = ${text.toLowerCase()}`), desc(users.createdAt))
    .limit(limit);
}

export async function findUser(db: DbOrTx, id: string): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** The user's orders, newest first, each with the type of the provider's last notice about it. */
export function userOrders(db: DbOrTx, userId: string, limit: number) {
  return db
    .select({
      order: orders,
      lastEvent: sql<string | null>`(SELECT e.type FROM ${paymentEvents} e WHERE e.order_id = ${orders.id}
        ORDER BY e.received_at DESC LIMIT 1)`,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(limit);
}

export async function orderWithEvent(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      order: orders,
      lastEvent: sql<string | null>`(SELECT e.type FROM ${paymentEvents} e WHERE e.order_id = ${orders.id}
        ORDER BY e.received_at DESC LIMIT 1)`,
    })
    .from(orders)
    .where(eq(orders.id, id));
  return row;
}

/**
 * Marks a paid order refunded, only if it is still paid: of two refunds at once, one gets the row
 * and the other nothing (and refuses).
 */
export async function markRefunded(
  tx: DbOrTx,
  id: string,
  values: { refundedAt: Date; refundRef: string },
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set({ status: 'refunded', ...values })
    .where(and(eq(orders.id, id), eq(orders.status, 'paid')))
    .returning();
  return row;
}

// ---- jobs ----

export type QueueState = 'queued' | 'running' | 'failed';

/** Jobs in one state: waiting and running oldest first, failed newest first. */
export function listJobs(
  db: DbOrTx,
  filter: { state: QueueState; kind?: JobRow['kind'] | undefined; userId?: string | undefined },
  offset: number,
  limit: number,
): Promise<JobRow[]> {
  const where: SQL[] = [eq(jobs.state, filter.state)];
  if (filter.kind) where.push(eq(jobs.kind, filter.kind));
  if (filter.userId) where.push(eq(jobs.userId, filter.userId));
  return db
    .select()
    .from(jobs)
    .where(and(...where))
    .orderBy(
      filter.state === 'failed' ? desc(jobs.finishedAt) : asc(jobs.createdAt),
      filter.state === 'failed' ? desc(jobs.id) : asc(jobs.id),
    )
    .offset(offset)
    .limit(limit + 1);
}

/** How many jobs wait and run (all of them), and how many failed in the last day. */
export async function queueCounts(
  db: DbOrTx,
  failedSince: Date,
  filter: { kind?: JobRow['kind'] | undefined; userId?: string | undefined },
): Promise<{ queued: number; running: number; failed: number }> {
  const where: SQL[] = [];
  if (filter.kind) where.push(eq(jobs.kind, filter.kind));
  if (filter.userId) where.push(eq(jobs.userId, filter.userId));
  const [open] = await db
    .select({
      queued: sql<number>`count(*) FILTER (WHERE ${jobs.state} = 'queued')::int`,
      running: sql<number>`count(*) FILTER (WHERE ${jobs.state} = 'running')::int`,
    })
    .from(jobs)
    .where(and(inArray(jobs.state, ['queued', 'running']), ...where));
  const [failed] = await db
    .select({ n: count() })
    .from(jobs)
    .where(and(eq(jobs.state, 'failed'), sql`${jobs.finishedAt} > ${failedSince.toISOString()}`, ...where));
  return { queued: Number(open?.queued ?? 0), running: Number(open?.running ?? 0), failed: failed?.n ?? 0 };
}

/**
 * Cancels a waiting or running job: one conditional UPDATE, so of a cancel and a worker's finish
 * at the same moment exactly one changes the row (the worker's finish wants it still running with
 * its name on it; this wants it still queued or running). Answers the row when this one won.
 */
export async function cancelJob(tx: DbOrTx, id: string, now: Date): Promise<JobRow | undefined> {
  const [row] = await tx
    .update(jobs)
    .set({ state: 'failed', error: 'job_cancelled', finishedAt: now })
    .where(and(eq(jobs.id, id), inArray(jobs.state, ['queued', 'running'])))
    .returning();
  return row;
}

/** A failed job, locked for its retry (undefined when it is not failed, or gone). */
export async function lockFailedJob(tx: DbOrTx, id: string): Promise<JobRow | undefined> {
  const [row] = await tx
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.state, 'failed')))
    .for('update');
  return row;
}

/** Puts a failed job back in the queue as new, with the spend that pays for it this time. */
export async function requeueFailed(tx: DbOrTx, id: string, spendOp: string | null): Promise<JobRow> {
  const row = onlyRow(
    await tx
      .update(jobs)
      .set({
        state: 'queued',
        error: null,
        result: null,
        progress: null,
        attempts: 0,
        worker: null,
        startedAt: null,
        heartbeatAt: null,
        finishedAt: null,
        spendOp,
      })
      .where(and(eq(jobs.id, id), eq(jobs.state, 'failed')))
      .returning(),
    'job retry',
  );
  await tx.execute(sql`SELECT pg_notify('lumi_jobs', ${row.kind})`);
  return row;
}

/** Whether each spend was refunded (a failed or cancelled job's credits went back). */
export async function refundedOps(db: DbOrTx, ops: string[]): Promise<Set<string>> {
  if (ops.length === 0) return new Set();
  const result: unknown = await db.execute(
    sql`SELECT DISTINCT refund_of::text AS op FROM credit_entries WHERE refund_of IN (${sql.join(
      ops.map((op) => sql`${op}::uuid`),
      sql`, `,
    )})`,
  );
  return new Set((result as { rows: { op: string }[] }).rows.map((r) => r.op));
}

/**
 * One job kind's engine record: its last job done, its last failure (not a cancel) with the
 * error, and the counts since `since`. Each part reads jobs_kind_state_finished_idx.
 */
export async function engineStats(db: DbOrTx, kind: JobRow['kind'], since: Date) {
  const result: unknown = await db.execute(sql`
    SELECT
      (SELECT max(finished_at) FROM jobs WHERE kind = ${kind} AND state = 'done') AS last_done,
      (SELECT max(finished_at) FROM jobs WHERE kind = ${kind} AND state = 'failed'
        AND error IS DISTINCT FROM 'job_cancelled') AS last_failed,
      (SELECT error FROM jobs WHERE kind = ${kind} AND state = 'failed' AND finished_at IS NOT NULL
        AND error IS DISTINCT FROM 'job_cancelled' ORDER BY finished_at DESC LIMIT 1) AS last_error,
      (SELECT count(*) FROM jobs WHERE kind = ${kind} AND state = 'done'
        AND finished_at > ${since.toISOString()})::int AS done_hour,
      (SELECT count(*) FROM jobs WHERE kind = ${kind} AND state = 'failed'
        AND error IS DISTINCT FROM 'job_cancelled' AND finished_at > ${since.toISOString()})::int AS failed_hour`);
  type Row = {
    last_done: string | Date | null;
    last_failed: string | Date | null;
    last_error: string | null;
    done_hour: number;
    failed_hour: number;
  };
  const row = (result as { rows: Row[] }).rows[0];
  const time = (v: string | Date | null | undefined) => (v ? new Date(v).getTime() : null);
  return {
    lastSuccessAt: time(row?.last_done),
    lastFailureAt: time(row?.last_failed),
    lastError: row?.last_error ?? null,
    successesLastHour: Number(row?.done_hour ?? 0),
    failuresLastHour: Number(row?.failed_hour ?? 0),
  };
}

export function listJobsById(db: DbOrTx, id: string): Promise<JobRow[]> {
  return db.select().from(jobs).where(eq(jobs.id, id));
}
