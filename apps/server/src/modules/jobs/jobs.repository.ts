import { and, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { jobs, type JobRow, type NewJobRow } from '../../db/schema';
import { onlyRow } from '../../db/rows';

export const JOBS_CHANNEL = 'lumi_jobs';

export async function insertJob(tx: DbOrTx, values: NewJobRow): Promise<JobRow> {
  const row = onlyRow(await tx.insert(jobs).values(values).returning(), 'job insert');
  // Delivered at commit, to every worker listening in any process.
  await tx.execute(sql`SELECT pg_notify(${JOBS_CHANNEL}, ${row.kind})`);
  return row;
}

export async function findJob(db: DbOrTx, id: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}

/** Jobs of the user still waiting or running (the per-user cap). */
export async function openJobs(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(jobs)
    .where(and(eq(jobs.userId, userId), inArray(jobs.state, ['queued', 'running'])));
  return row?.n ?? 0;
}

export async function fastJobsSince(
  db: DbOrTx,
  userId: string,
  kind: JobRow['kind'],
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(jobs)
    .where(and(eq(jobs.userId, userId), eq(jobs.kind, kind), eq(jobs.lane, 0), gte(jobs.createdAt, since)));
  return row?.n ?? 0;
}

/**
 * Takes the next queued job of these kinds, fast lane first, oldest first; concurrent workers
 * skip the rows others hold, so no job is taken twice.
 */
export async function claimNext(
  db: DbOrTx,
  kinds: readonly JobRow['kind'][],
  worker: string,
  now: Date,
): Promise<JobRow | undefined> {
  const kindList = sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  const result: unknown = await db.execute(sql`
    UPDATE jobs SET state = 'running', attempts = attempts + 1, worker = ${worker},
      started_at = ${now.toISOString()}, heartbeat_at = ${now.toISOString()}, progress = NULL
    WHERE id = (
      SELECT id FROM jobs WHERE state = 'queued' AND kind IN (${kindList})
      ORDER BY lane, created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING id`);
  const id = (result as { rows: { id: string }[] }).rows[0]?.id;
  return id ? findJob(db, id) : undefined;
}

export async function heartbeat(db: DbOrTx, ids: string[], worker: string, now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(jobs)
    .set({ heartbeatAt: now })
    .where(and(inArray(jobs.id, ids), eq(jobs.worker, worker), eq(jobs.state, 'running')));
}

export async function setProgress(db: DbOrTx, id: string, worker: string, progress: number): Promise<void> {
  await db
    .update(jobs)
    .set({ progress })
    .where(and(eq(jobs.id, id), eq(jobs.worker, worker), eq(jobs.state, 'running')));
}

/** Finishes a job this worker still holds; false when it no longer does (recovered elsewhere). */
export async function finish(
  tx: DbOrTx,
  id: string,
  worker: string,
  values: Partial<Pick<JobRow, 'state' | 'result' | 'error' | 'preview' | 'finishedAt' | 'progress'>>,
): Promise<JobRow | undefined> {
  const [row] = await tx
    .update(jobs)
    .set(values)
    .where(and(eq(jobs.id, id), eq(jobs.worker, worker), eq(jobs.state, 'running')))
    .returning();
  return row;
}

/** Puts a job back in the queue (its worker stopped politely): the try does not count. */
export async function requeue(db: DbOrTx, id: string, worker: string): Promise<void> {
  await db
    .update(jobs)
    .set({ state: 'queued', worker: null, attempts: sql`greatest(${jobs.attempts} - 1, 0)`, progress: null })
    .where(and(eq(jobs.id, id), eq(jobs.worker, worker), eq(jobs.state, 'running')));
  await db.execute(sql`SELECT pg_notify(${JOBS_CHANNEL}, 'requeued')`);
}

/** Running jobs whose worker has not beaten its heart since `staleBefore`, locked. */
export function lockStale(tx: DbOrTx, staleBefore: Date) {
  return tx
    .select()
    .from(jobs)
    .where(and(eq(jobs.state, 'running'), lt(jobs.heartbeatAt, staleBefore)))
    .limit(100)
    .for('update', { skipLocked: true });
}

export async function backToQueue(tx: DbOrTx, id: string): Promise<void> {
  await tx.update(jobs).set({ state: 'queued', worker: null, progress: null }).where(eq(jobs.id, id));
}

/** Jobs ahead of this one in the queue: any in a faster lane, and older ones in its lane. */
export async function positionOf(db: DbOrTx, job: JobRow): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(jobs)
    .where(
      and(
        eq(jobs.state, 'queued'),
        eq(jobs.kind, job.kind),
        sql`(${jobs.lane} < ${job.lane} OR (${jobs.lane} = ${job.lane} AND ${jobs.createdAt} < ${job.createdAt.toISOString()}))`,
      ),
    );
  return row?.n ?? 0;
}

/** Mean seconds of the kind's last 50 finished jobs, or undefined before there are any. */
export async function meanSeconds(db: DbOrTx, kind: JobRow['kind']): Promise<number | undefined> {
  const result: unknown = await db.execute(sql`
    SELECT avg(extract(epoch FROM finished_at - started_at))::float8 AS s FROM (
      SELECT finished_at, started_at FROM jobs
      WHERE kind = ${kind} AND state = 'done' AND started_at IS NOT NULL
      ORDER BY finished_at DESC LIMIT 50) recent`);
  const s = (result as { rows: { s: number | null }[] }).rows[0]?.s;
  return s === null || s === undefined ? undefined : Number(s);
}

/** Workers that beat their heart lately: how many share the queue. */
export async function liveWorkers(db: DbOrTx, since: Date): Promise<number> {
  const result: unknown = await db.execute(
    sql`SELECT count(DISTINCT worker)::int AS n FROM jobs WHERE state = 'running' AND heartbeat_at > ${since.toISOString()}`,
  );
  return Number((result as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

/** The user's newest job with this cache key that has not failed (a reply read aloud). */
export async function cachedJob(db: DbOrTx, userId: string, cache: string): Promise<JobRow | undefined> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.userId, userId),
        sql`${jobs.input} ? 'cache'`,
        sql`(${jobs.input}->>'cache') = ${cache}`,
        sql`${jobs.state} <> 'failed'`,
      ),
    )
    .orderBy(desc(jobs.createdAt))
    .limit(1);
  return row;
}

/**
 * The user's finished jobs of these kinds, newest first (the speech history: what the tools
 * made, not the replies read aloud in a chat, which carry a cache key).
 */
export async function doneJobs(
  db: DbOrTx,
  userId: string,
  kinds: readonly JobRow['kind'][],
  limit: number,
): Promise<JobRow[]> {
  return db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.userId, userId),
        inArray(jobs.kind, [...kinds]),
        eq(jobs.state, 'done'),
        sql`NOT (${jobs.input} ? 'cache')`,
      ),
    )
    .orderBy(desc(jobs.createdAt))
    .limit(limit);
}

/**
 * Per kind: jobs queued and running, and how long the oldest queued one has waited, for the
 * metrics (every kind, zeros included). Reads the two partial indexes of open jobs only.
 */
export async function queueSnapshot(
  db: DbOrTx,
  now: Date,
): Promise<{ kind: JobRow['kind']; queued: number; running: number; oldestQueuedSeconds: number }[]> {
  const result: unknown = await db.execute(sql`
    SELECT kind, count(*) FILTER (WHERE state = 'queued')::int AS queued,
      count(*) FILTER (WHERE state = 'running')::int AS running,
      coalesce(extract(epoch FROM ${now.toISOString()}::timestamptz
        - min(created_at) FILTER (WHERE state = 'queued')), 0)::float8 AS oldest
    FROM jobs WHERE state IN ('queued', 'running') GROUP BY kind`);
  const rows = (
    result as { rows: { kind: JobRow['kind']; queued: number; running: number; oldest: number }[] }
  ).rows;
  return jobs.kind.enumValues.map((kind) => {
    const row = rows.find((r) => r.kind === kind);
    return {
      kind,
      queued: Number(row?.queued ?? 0),
      running: Number(row?.running ?? 0),
      oldestQueuedSeconds: Math.max(0, Number(row?.oldest ?? 0)),
    };
  });
}
