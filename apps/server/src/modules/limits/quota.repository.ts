import { lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { quotaCounters } from '../../db/schema';

/** A fixed window of a quota: when it started and when it ends. */
export interface QuotaWindow {
  start: Date;
  end: Date;
}

/** The fixed window of `ms` milliseconds that holds `now` (hours and days start on the UTC clock). */
export function windowOf(now: Date, ms: number): QuotaWindow {
  const start = Math.floor(now.getTime() / ms) * ms;
  return { start: new Date(start), end: new Date(start + ms) };
}

/**
 * Uses `amount` of a key's quota in a window, all or nothing: true when the window's total stays
 * within `limit`. One statement: concurrent callers on any number of processes queue on the
 * counter's row, so together they never pass the limit. A rolled-back transaction gives it back.
 */
export async function use(
  db: DbOrTx,
  key: string,
  window: QuotaWindow,
  amount: number,
  limit: number,
): Promise<boolean> {
  if (amount > limit) return false;
  const result: unknown = await db.execute(sql`
    INSERT INTO quota_counters (key, window_start, used, expires_at)
    VALUES (${key}, ${window.start.toISOString()}, ${amount}, ${window.end.toISOString()})
    ON CONFLICT (key, window_start) DO UPDATE SET used = quota_counters.used + excluded.used
      WHERE quota_counters.used + excluded.used <= ${limit}
    RETURNING used`);
  return (result as { rows: unknown[] }).rows.length > 0;
}

/**
 * Takes up to `amount` of what is left of a key's quota in a window and answers how much it took
 * (0 when nothing is left). Must run inside a transaction: the counter's row stays locked until
 * it ends.
 */
export async function takeUpTo(
  tx: DbOrTx,
  key: string,
  window: QuotaWindow,
  amount: number,
  limit: number,
): Promise<number> {
  await tx.execute(sql`
    INSERT INTO quota_counters (key, window_start, used, expires_at)
    VALUES (${key}, ${window.start.toISOString()}, 0, ${window.end.toISOString()})
    ON CONFLICT (key, window_start) DO NOTHING`);
  const locked: unknown = await tx.execute(sql`
    SELECT used FROM quota_counters WHERE key = ${key} AND window_start = ${window.start.toISOString()}
    FOR UPDATE`);
  const used = Number((locked as { rows: { used: number }[] }).rows[0]?.used ?? limit);
  const taken = Math.max(0, Math.min(amount, limit - used));
  if (taken > 0) {
    await tx.execute(sql`
      UPDATE quota_counters SET used = used + ${taken}
      WHERE key = ${key} AND window_start = ${window.start.toISOString()}`);
  }
  return taken;
}

/** What a key has used of a window so far, as an SQL figure (0 before any use). */
export function usedSql(key: string, window: QuotaWindow) {
  return sql`coalesce((SELECT q.used FROM quota_counters q
    WHERE q.key = ${key} AND q.window_start = ${window.start.toISOString()}), 0)`;
}

/** Forgets windows that have ended. */
export async function sweep(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(quotaCounters).where(lt(quotaCounters.expiresAt, now));
}

/**
 * Holds transaction-level advisory locks on the keys (in a fixed order, so two transactions never
 * wait on each other in a circle) until the transaction ends: a count-then-insert limit checked
 * under them is exact across processes.
 */
export async function lockKeys(tx: DbOrTx, keys: string[]): Promise<void> {
  for (const key of [...new Set(keys)].sort()) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  }
}
