import { randomUUID } from 'node:crypto';
import { LoginType, type CreditRemain } from '@lumi/contract';
import type { Db, DbOrTx, QueryPart } from '../../db/client';
import type { NewCreditEntry } from '../../db/schema';
import { nextUtcMidnight, utcDay, type Clock } from '../../lib/clock';
import { notEnoughCredits, notFound } from '../../lib/errors';
import { reasonLabel, type AppMetrics } from '../../lib/metrics';
import { takeUpTo, windowOf } from '../limits/quota.repository';
import * as repo from './credits.repository';

const DAY_MS = 86_400_000;

export interface SpendResult {
  /** Pass it to `refund` to give these exact credits back. */
  operationId: string;
  remain: number;
  /**
   * For a spend inside the caller's transaction: call once that transaction has committed, so
   * that later spends can skip the check for today's free credits (a no-op otherwise).
   */
  committed: () => void;
}

export interface GrantInput {
  amount: number;
  expiresAt: Date;
  /** What grants it: 'plan', 'redeem', 'admin'... With `sourceRef` it makes the grant idempotent. */
  source: string;
  sourceRef: string;
  reason: string;
}

export interface CreditsDeps {
  db: Db;
  clock: Clock;
  dailyFreeCredits: number;
  /**
   * Free credits all tourists of one network may draw in a UTC day, together: clearing the
   * browser's data makes a new tourist, but not new credits once the network's pool is drawn.
   */
  touristCreditsPerNetwork: number;
  /** Counts what is granted, spent and refunded (lumi_credits_*_total). */
  metrics?: Pick<AppMetrics, 'creditsGranted' | 'creditsSpent' | 'creditsRefunded'>;
}

/**
 * The credits ledger (decisions.md): free credits reset to the daily value at 00:00 UTC and do
 * not accumulate; spending takes free credits first, then paid packs by earliest expiry; a
 * spend is all-or-nothing and never overdraws; a refund gives back exactly what a spend took.
 * Every change locks the user's row, so concurrent spends on one account run one at a time.
 */
export class CreditsService {
  /** Users whose free credits of the day are known to be granted (committed): user id to UTC day. */
  private readonly dailyDone = new Map<string, string>();

  constructor(private readonly deps: CreditsDeps) {}

  private inTx<T>(tx: DbOrTx | undefined, fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return tx ? fn(tx) : this.deps.db.transaction(fn);
  }

  async balance(userId: string): Promise<CreditRemain> {
    const now = this.deps.clock();
    const row = await repo.balanceRow(this.deps.db, userId, utcDay(now), now, this.pool(now));
    if (!row) throw notFound();
    const free = row.daily ?? row.unclaimedDaily;
    return {
      remain: free + row.paid,
      free,
      paid: row.paid,
      expired: row.latestPaidExpiry?.getTime() ?? 0,
      subscription: row.subscription,
      isVip: row.subscription || row.activePacks > 0,
      free_resets_at: nextUtcMidnight(now).getTime(),
      daily_free: this.deps.dailyFreeCredits,
      free_limited: row.tourist && (row.dailyAmount ?? row.unclaimedDaily) < this.deps.dailyFreeCredits,
    };
  }

  /**
   * The credits the user can spend now, as an SQL figure, for refusing early within another
   * query (the chat reads it with the conversation). Only `spend` takes credits, and it checks
   * again under the lock.
   */
  spendableSql(userId: string): QueryPart {
    const now = this.deps.clock();
    return repo.spendableSql(userId, utcDay(now), now, this.pool(now));
  }

  /** Today's free credits and the tourists' network pools, for the queries that foresee them. */
  private pool(now: Date): repo.DailyPool {
    return {
      daily: this.deps.dailyFreeCredits,
      perNetwork: this.deps.touristCreditsPerNetwork,
      window: windowOf(now, DAY_MS),
    };
  }

  /** Takes `amount` credits or throws the not-enough-credits error, taking nothing. */
  spend(userId: string, amount: number, reason: string, tx?: DbOrTx): Promise<SpendResult> {
    if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`bad amount ${amount}`);
    const now = this.deps.clock();
    const result = this.inTx(tx, async (t) => {
      const user = await repo.lockUser(t, userId);
      if (!user) throw notFound();
      const daily = await this.ensureDaily(t, userId, user, now);
      const buckets = await repo.spendableBuckets(t, userId, now);
      const available = buckets.reduce((sum, b) => sum + b.remaining, 0);
      if (available < amount) throw notEnoughCredits();
      const operationId = randomUUID();
      const entries: NewCreditEntry[] = [];
      let left = amount;
      for (const bucket of buckets) {
        if (left === 0) break;
        const take = Math.min(left, bucket.remaining);
        await repo.addToBucket(t, bucket.id, -take);
        entries.push({ userId, bucketId: bucket.id, operationId, kind: 'spend', delta: -take, reason });
        left -= take;
      }
      await repo.insertEntries(t, entries);
      return { operationId, remain: available - amount, daily };
    });
    // Inside a caller's transaction neither the spend nor today's grant is committed yet: the
    // caller says when they are.
    const remember = (daily: number) => {
      this.rememberDaily(userId, now);
      if (daily > 0) this.deps.metrics?.creditsGranted.inc({ source: 'daily' }, daily);
      this.deps.metrics?.creditsSpent.inc({ reason: reasonLabel(reason) }, amount);
    };
    return tx
      ? result.then(({ daily, ...r }) => ({ ...r, committed: () => remember(daily) }))
      : result.then(({ daily, ...r }) => (remember(daily), { ...r, committed: () => undefined }));
  }

  private rememberDaily(userId: string, now: Date): void {
    if (this.dailyDone.size >= 50_000) this.dailyDone.clear();
    this.dailyDone.set(userId, utcDay(now));
  }

  /**
   * Gives back what a spend took, to the buckets it came from (a bucket that has expired since
   * keeps its expiry: yesterday's free credits do not come back tomorrow). Idempotent: returns
   * false when the spend is unknown or already refunded.
   */
  refund(operationId: string, reason: string, tx?: DbOrTx): Promise<boolean> {
    return this.inTx(tx, async (t) => {
      const spent = await repo.spendEntries(t, operationId);
      const first = spent[0];
      if (!first) return false;
      await repo.lockUser(t, first.userId);
      if (await repo.isRefunded(t, operationId)) return false;
      const refundId = randomUUID();
      for (const entry of spent) await repo.addToBucket(t, entry.bucketId, -entry.delta);
      await repo.insertEntries(
        t,
        spent.map((entry) => ({
          userId: entry.userId,
          bucketId: entry.bucketId,
          operationId: refundId,
          kind: 'refund' as const,
          delta: -entry.delta,
          reason,
          refundOf: operationId,
        })),
      );
      this.deps.metrics?.creditsRefunded.inc(-spent.reduce((sum, e) => sum + e.delta, 0));
      return true;
    });
  }

  /**
   * Takes credits back (an operator's take-back, an order's refund): paid packs first (the
   * `first` bucket before any, then earliest expiry), then today's free credits, never below
   * zero. `exact`: all of `amount` or nothing (throws not-enough-credits, taking nothing);
   * `upTo`: as many as there are. Entries are 'revoke' rows; the user's row is locked, so two
   * take-backs at once run one after the other and the second sees what the first left.
   */
  revoke(
    userId: string,
    amount: number,
    reason: string,
    options: { mode: 'exact' | 'upTo'; first?: { source: string; sourceRef: string } },
    tx?: DbOrTx,
  ): Promise<{ taken: number; remain: number }> {
    if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`bad amount ${amount}`);
    const now = this.deps.clock();
    return this.inTx(tx, async (t) => {
      const user = await repo.lockUser(t, userId);
      if (!user) throw notFound();
      // Today's free credits count as the balance shows them, made or not yet.
      await this.ensureDaily(t, userId, user, now);
      const buckets = (await repo.spendableBuckets(t, userId, now)).sort((a, b) => {
        const rank = (x: typeof a) =>
          options.first && x.source === options.first.source && x.sourceRef === options.first.sourceRef
            ? 0
            : x.kind === 'paid'
              ? 1
              : 2;
        return rank(a) - rank(b) || a.expiresAt.getTime() - b.expiresAt.getTime() || a.id - b.id;
      });
      const available = buckets.reduce((sum, b) => sum + b.remaining, 0);
      if (options.mode === 'exact' && available < amount) throw notEnoughCredits();
      const operationId = randomUUID();
      const entries: NewCreditEntry[] = [];
      let left = Math.min(amount, available);
      const taken = left;
      for (const bucket of buckets) {
        if (left === 0) break;
        const take = Math.min(left, bucket.remaining);
        await repo.addToBucket(t, bucket.id, -take);
        entries.push({ userId, bucketId: bucket.id, operationId, kind: 'revoke', delta: -take, reason });
        left -= take;
      }
      await repo.insertEntries(t, entries);
      return { taken, remain: available - taken };
    });
  }

  /** Adds a paid bucket; the same source and sourceRef grant once (returns false after). */
  grant(userId: string, input: GrantInput, tx?: DbOrTx): Promise<boolean> {
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
      throw new RangeError(`bad amount ${input.amount}`);
    }
    return this.inTx(tx, async (t) => {
      if (!(await repo.lockUser(t, userId))) throw notFound();
      const bucket = await repo.insertPaidBucket(t, {
        userId,
        amount: input.amount,
        expiresAt: input.expiresAt,
        source: input.source,
        sourceRef: input.sourceRef,
      });
      if (!bucket) return false;
      await repo.insertEntries(t, [
        {
          userId,
          bucketId: bucket.id,
          operationId: randomUUID(),
          kind: 'grant',
          delta: input.amount,
          reason: input.reason,
        },
      ]);
      this.deps.metrics?.creditsGranted.inc({ source: input.source }, input.amount);
      return true;
    });
  }

  /**
   * Makes today's free bucket if it is not there yet (the user's row is locked): answers the
   * credits it granted (counted once the spend that made it is committed). A tourist's
   * comes out of its network's pool for the day: what is left of it, up to the daily value.
   */
  private async ensureDaily(tx: DbOrTx, userId: string, user: repo.LockedUser, now: Date): Promise<number> {
    const day = utcDay(now);
    if (this.deps.dailyFreeCredits === 0 || this.dailyDone.get(userId) === day) return 0;
    if (await repo.hasDailyBucket(tx, userId, day)) return 0;
    let amount = this.deps.dailyFreeCredits;
    if (user.type === LoginType.TOURIST && user.network) {
      amount = await takeUpTo(
        tx,
        repo.touristPoolKey(user.network),
        windowOf(now, DAY_MS),
        amount,
        this.deps.touristCreditsPerNetwork,
      );
    }
    const bucket = await repo.insertDailyBucket(tx, userId, day, amount, nextUtcMidnight(now));
    if (bucket && amount > 0) {
      await repo.insertEntries(tx, [
        {
          userId,
          bucketId: bucket.id,
          operationId: randomUUID(),
          kind: 'grant',
          delta: amount,
          reason: 'daily free credits',
        },
      ]);
      return amount;
    }
    return 0;
  }
}
