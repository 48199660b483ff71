import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  OPERATOR_LIMITS,
  type MessageKey,
  type OperatorAction,
  type OperatorEngine,
  type OperatorJob,
  type OperatorLogEntry,
  type OperatorOrder,
  type OperatorTargetType,
  type OperatorUserDetail,
  type OperatorUserSummary,
  type PayMethod,
} from '@lumi/contract';
import type { z } from 'zod';
import type {
  operatorCreditsBodySchema,
  operatorJobActionBodySchema,
  operatorJobsQuerySchema,
  operatorLogQuerySchema,
} from '@lumi/contract';
import type { Db, DbOrTx } from '../../db/client';
import type { JobRow, OrderRow, User } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { BusinessError, notFound } from '../../lib/errors';
import type { AdminPolicy } from '../../plugins/admin';
import type { CreditsService } from '../credits/credits.service';
import * as creditsRepo from '../credits/credits.repository';
import type { CardGateway } from '../payments/gateways';
import { ban, unban } from '../reports/reports.repository';
import { engineStatus, probe, type EngineInfo } from './engine-health';
import * as repo from './operator.repository';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const ORDERS_SHOWN = 50;
const BUCKETS_SHOWN = 100;

export interface OperatorDeps {
  db: Db;
  clock: Clock;
  credits: CreditsService;
  admins: AdminPolicy;
  /** The card gateway, for Stripe's refunds API (undefined when card payments are off). */
  card: CardGateway | undefined;
  /** A banned user's cached sessions must be read again, so the ban applies at once. */
  forgetUser: (userId: string) => void;
  /** The configured engines, for their health. */
  engines: readonly EngineInfo[];
  /** What a job's kind does once it ended for good (a face swap's uploads go). */
  settle: (job: JobRow) => Promise<void>;
  log: { error: (obj: object, msg: string) => void };
}

const refusal = (key: MessageKey) => new BusinessError(ErrorCode.OPERATION_FAILED, key);

type CreditsBody = z.output<typeof operatorCreditsBodySchema>;
type JobsQuery = z.output<typeof operatorJobsQuerySchema>;
type JobActionBody = z.output<typeof operatorJobActionBodySchema>;
type LogQuery = z.output<typeof operatorLogQuerySchema>;

/**
 * The operator console (issue 23; docs/decisions.md 'Operator console'): admins find a user, see
 * their credits, ledger and orders, grant or take back credits, refund orders, ban, and tend the
 * job queue. Every change is written to operator_actions in the transaction that makes it.
 */
export class OperatorService {
  constructor(private readonly deps: OperatorDeps) {}

  private audit(
    tx: DbOrTx,
    admin: User,
    action: OperatorAction,
    target: { type: OperatorTargetType; id: string },
    reason: string,
    details: Record<string, unknown>,
  ): Promise<number> {
    return repo.insertAction(tx, {
      adminId: admin.id,
      action,
      targetType: target.type,
      targetId: target.id,
      reason,
      details,
      createdAt: this.deps.clock(),
    });
  }

  // ---- users ----

  async searchUsers(q: string): Promise<OperatorUserSummary[]> {
    const rows = await repo.searchUsers(this.deps.db, q, OPERATOR_LIMITS.searchResults);
    return rows.map(userSummary);
  }

  async userDetail(id: string, ledgerPage: number): Promise<OperatorUserDetail> {
    const user = await repo.findUser(this.deps.db, id);
    if (!user) throw notFound();
    const size = OPERATOR_LIMITS.ledgerPageSize;
    const now = this.deps.clock();
    const [balance, buckets, entries, orders] = await Promise.all([
      user.deletedAt
        ? Promise.resolve({ remain: 0, free: 0, paid: 0 })
        : this.deps.credits.balance(id).catch(() => ({ remain: 0, free: 0, paid: 0 })),
      creditsRepo.userBuckets(this.deps.db, id, BUCKETS_SHOWN),
      creditsRepo.ledgerPage(this.deps.db, id, (ledgerPage - 1) * size, size),
      repo.userOrders(this.deps.db, id, ORDERS_SHOWN),
    ]);
    return {
      user: {
        ...userSummary(user),
        email_verified: user.emailVerified,
        subscription: user.subscription,
        banned_at: user.bannedAt?.getTime() ?? null,
        is_admin: this.deps.admins.isAdmin(user),
      },
      balance: { remain: balance.remain, free: balance.free, paid: balance.paid },
      buckets: buckets.map((b) => ({
        id: b.id,
        kind: b.kind,
        source: b.source,
        amount: b.amount,
        remaining: b.remaining,
        expires_at: b.expiresAt.getTime(),
        expired: b.expiresAt.getTime() <= now.getTime(),
      })),
      ledger: {
        entries: entries.slice(0, size).map((e) => ({
          id: e.id,
          kind: e.kind,
          delta: e.delta,
          reason: e.reason,
          bucket_id: e.bucketId,
          operation_id: e.operationId,
          created_at: e.createdAt.getTime(),
        })),
        page: ledgerPage,
        has_more: entries.length > size,
      },
      orders: orders.map((o) => orderView(o.order, o.lastEvent)),
    };
  }

  /** A live, not removed user, or not found. */
  private async liveUser(id: string): Promise<User> {
    const user = await repo.findUser(this.deps.db, id);
    if (!user || user.deletedAt) throw notFound();
    return user;
  }

  // ---- credits ----

  async changeCredits(admin: User, body: CreditsBody) {
    await this.liveUser(body.user_id);
    const now = this.deps.clock();
    let delta: number;
    let logId: number;
    try {
      ({ delta, logId } = await this.deps.db.transaction(async (tx) => {
        if (body.action === 'grant') {
          const expiresAt = new Date(now.getTime() + body.days * DAY_MS);
          const ref = randomUUID();
          await this.deps.credits.grant(
            body.user_id,
            { amount: body.amount, expiresAt, source: 'admin', sourceRef: ref, reason: 'operator grant' },
            tx,
          );
          const id = await this.audit(
            tx,
            admin,
            'credits_grant',
            { type: 'user', id: body.user_id },
            body.reason,
            { amount: body.amount, days: body.days, expires_at: expiresAt.toISOString(), grant: ref },
          );
          return { delta: body.amount, logId: id };
        }
        const { taken } = await this.deps.credits.revoke(
          body.user_id,
          body.amount,
          'operator take-back',
          { mode: 'exact' },
          tx,
        );
        const id = await this.audit(
          tx,
          admin,
          'credits_take_back',
          { type: 'user', id: body.user_id },
          body.reason,
          { amount: taken },
        );
        return { delta: -taken, logId: id };
      }));
    } catch (err) {
      if (err instanceof BusinessError && err.code === ErrorCode.NOT_ENOUGH_CREDITS) {
        throw refusal('take_back_short');
      }
      throw err;
    }
    const { remain } = await this.deps.credits.balance(body.user_id);
    return { delta, remain, log_id: logId };
  }

  // ---- orders ----

  /**
   * Refunds a paid order once: Stripe's refunds API first (keyed by the order, so a repeat makes
   * no second refund), then in one transaction the order marked refunded (only if still paid),
   * its credits taken back (its own pack first, never below zero) and the audit row.
   */
  async refund(admin: User, orderId: string, reason: string) {
    const found = await repo.orderWithEvent(this.deps.db, orderId);
    if (!found) throw notFound();
    const { order } = found;
    if (order.status === 'refunded') throw refusal('order_refunded_already');
    if (order.status !== 'paid') throw refusal('order_not_refundable');
    const via = refundVia(order);
    let refundRef: string;
    if (via === 'stripe') {
      const card = this.deps.card;
      if (card?.mode !== 'stripe' || !order.paymentRef) throw refusal('refund_failed');
      try {
        refundRef = await card.refund(order.paymentRef, order.id);
      } catch (err) {
        this.deps.log.error({ err, orderId: order.id }, 'Stripe refund failed');
        throw refusal('refund_failed');
      }
    } else {
      refundRef = via === 'test' ? 'test' : 'manual';
    }
    const now = this.deps.clock();
    const done = await this.deps.db.transaction(async (tx) => {
      const row = await repo.markRefunded(tx, order.id, { refundedAt: now, refundRef });
      if (!row) return undefined;
      let taken = 0;
      const owner = row.userId ? await repo.findUser(tx, row.userId) : undefined;
      if (owner && !owner.deletedAt) {
        ({ taken } = await this.deps.credits.revoke(
          owner.id,
          row.credits,
          `order ${row.id} refunded`,
          { mode: 'upTo', first: { source: 'order', sourceRef: row.id } },
          tx,
        ));
      }
      const logId = await this.audit(tx, admin, 'order_refund', { type: 'order', id: row.id }, reason, {
        user_id: row.userId,
        via,
        refund_ref: refundRef,
        amount_cents: row.amountCents,
        currency: row.currency,
        credits: row.credits,
        credits_reversed: taken,
        credits_short: row.credits - taken,
      });
      return { row, taken, logId };
    });
    // Another operator's refund of the same order got there first.
    if (!done) throw refusal('order_refunded_already');
    return {
      order: orderView(done.row, found.lastEvent),
      credits_reversed: done.taken,
      credits_short: done.row.credits - done.taken,
      log_id: done.logId,
    };
  }

  // ---- bans ----

  /**
   * The ban of issue 18 (the account publishes nothing, its public characters and pictures are
   * hidden until it is lifted), taken from the console. An admin is not banned here.
   */
  async setBan(admin: User, userId: string, banned: boolean, reason: string) {
    const user = await this.liveUser(userId);
    if (banned && this.deps.admins.isAdmin(user)) throw refusal('ban_admin');
    const now = this.deps.clock();
    const logId = await this.deps.db.transaction(async (tx) => {
      const changed = banned ? await ban(tx, userId, now) : await unban(tx, userId);
      if (!changed) return null;
      return this.audit(
        tx,
        admin,
        banned ? 'user_ban' : 'user_unban',
        { type: 'user', id: userId },
        reason,
        {},
      );
    });
    if (logId !== null) this.deps.forgetUser(userId);
    return { banned, changed: logId !== null, log_id: logId };
  }

  // ---- jobs ----

  async jobs(query: JobsQuery) {
    const now = this.deps.clock();
    const filter = { state: query.state, kind: query.kind, userId: query.user_id };
    const [rows, counts] = await Promise.all([
      repo.listJobs(this.deps.db, filter, (query.page - 1) * query.page_size, query.page_size),
      repo.queueCounts(this.deps.db, new Date(now.getTime() - DAY_MS), filter),
    ]);
    const shown = rows.slice(0, query.page_size);
    const refunded = await repo.refundedOps(
      this.deps.db,
      shown.flatMap((j) => (j.spendOp ? [j.spendOp] : [])),
    );
    return {
      jobs: shown.map((j) => jobView(j, now, refunded)),
      has_more: rows.length > query.page_size,
      counts,
    };
  }

  async jobAction(admin: User, body: JobActionBody) {
    const now = this.deps.clock();
    if (body.action === 'cancel') {
      const done = await this.deps.db.transaction(async (tx) => {
        const row = await repo.cancelJob(tx, body.job_id, now);
        if (!row) return undefined;
        const refunded = row.spendOp
          ? await this.deps.credits.refund(row.spendOp, `job ${row.id} cancelled by an operator`, tx)
          : false;
        const logId = await this.audit(tx, admin, 'job_cancel', { type: 'job', id: row.id }, body.reason, {
          user_id: row.userId,
          kind: row.kind,
          cost: row.cost,
          refunded: refunded ? row.cost : 0,
        });
        return { row, logId };
      });
      if (!done) {
        if (!(await this.exists(body.job_id))) throw notFound();
        throw refusal('job_not_cancellable');
      }
      await this.deps
        .settle(done.row)
        .catch((err: unknown) =>
          this.deps.log.error({ err, jobId: done.row.id }, 'clean-up after a cancelled job failed'),
        );
      return { job: await this.jobById(done.row.id), log_id: done.logId };
    }
    let committed: (() => void) | undefined;
    const done = await this.deps.db.transaction(async (tx) => {
      const job = await repo.lockFailedJob(tx, body.job_id);
      if (!job) return undefined;
      // A face swap's photos are dropped once it ends: there is nothing to run again.
      if (job.kind === 'faceswap') throw refusal('job_not_retryable');
      let spendOp: string | null = null;
      if (job.cost > 0) {
        try {
          const spent = await this.deps.credits.spend(
            job.userId,
            job.cost,
            `job ${job.id} retried by an operator`,
            tx,
          );
          spendOp = spent.operationId;
          committed = spent.committed;
        } catch (err) {
          if (err instanceof BusinessError && err.code === ErrorCode.NOT_ENOUGH_CREDITS) {
            throw refusal('retry_short');
          }
          throw err;
        }
      }
      const row = await repo.requeueFailed(tx, job.id, spendOp);
      const logId = await this.audit(tx, admin, 'job_retry', { type: 'job', id: row.id }, body.reason, {
        user_id: row.userId,
        kind: row.kind,
        cost: row.cost,
        previous_error: job.error,
      });
      return { row, logId };
    });
    if (!done) {
      if (!(await this.exists(body.job_id))) throw notFound();
      throw refusal('job_not_retryable');
    }
    committed?.();
    return { job: await this.jobById(done.row.id), log_id: done.logId };
  }

  private async exists(jobId: string): Promise<boolean> {
    const rows = await repo.listJobsById(this.deps.db, jobId);
    return rows.length > 0;
  }

  private async jobById(id: string): Promise<OperatorJob> {
    const [row] = await repo.listJobsById(this.deps.db, id);
    if (!row) throw notFound();
    const refunded = await repo.refundedOps(this.deps.db, row.spendOp ? [row.spendOp] : []);
    return jobView(row, this.deps.clock(), refunded);
  }

  // ---- engines ----

  async engines(withProbe: boolean): Promise<OperatorEngine[]> {
    const since = new Date(this.deps.clock().getTime() - HOUR_MS);
    return Promise.all(
      this.deps.engines.map(async (info) => {
        const [stats, probed] = await Promise.all([
          info.jobKind ? repo.engineStats(this.deps.db, info.jobKind, since) : Promise.resolve(undefined),
          withProbe && info.probeUrl ? probe(info.probeUrl) : Promise.resolve(null),
        ]);
        const view = {
          capability: info.capability,
          engine: info.engine,
          offline: info.offline,
          last_success_at: stats?.lastSuccessAt ?? null,
          last_failure_at: stats?.lastFailureAt ?? null,
          last_error: stats?.lastError ?? null,
          failures_last_hour: stats ? stats.failuresLastHour : null,
          successes_last_hour: stats ? stats.successesLastHour : null,
          probe: probed,
        };
        return { ...view, status: engineStatus(view) };
      }),
    );
  }

  // ---- the audit log ----

  async log(query: LogQuery): Promise<{ entries: OperatorLogEntry[]; has_more: boolean }> {
    const rows = await repo.logPage(
      this.deps.db,
      { targetType: query.target_type, targetId: query.target_id },
      (query.page - 1) * query.page_size,
      query.page_size,
    );
    return {
      entries: rows.slice(0, query.page_size).map(({ action: a, adminEmail, adminName }) => ({
        id: a.id,
        admin: a.adminId ? { id: a.adminId, email: adminEmail, name: adminName ?? '' } : null,
        action: a.action as OperatorAction,
        target_type: a.targetType,
        target_id: a.targetId,
        reason: a.reason,
        details: a.details,
        created_at: a.createdAt.getTime(),
      })),
      has_more: rows.length > query.page_size,
    };
  }
}

function userSummary(user: User): OperatorUserSummary {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    type: user.type,
    banned: user.bannedAt !== null,
    deleted: user.deletedAt !== null,
    created_at: user.createdAt.getTime(),
  };
}

function refundVia(order: OrderRow): OperatorOrder['refund_via'] {
  if (order.testMode) return 'test';
  return order.provider === 'stripe' ? 'stripe' : 'manual';
}

function orderView(order: OrderRow, lastEvent: string | null): OperatorOrder {
  const method: PayMethod = order.provider === 'stripe' ? 'card' : 'crypto';
  return {
    id: order.id,
    plan: order.plan,
    method,
    provider: order.provider,
    status: order.status,
    test_mode: order.testMode,
    amount_cents: order.amountCents,
    currency: order.currency,
    credits: order.credits,
    created_at: order.createdAt.getTime(),
    paid_at: order.paidAt?.getTime() ?? null,
    refunded_at: order.refundedAt?.getTime() ?? null,
    provider_ref: order.providerRef,
    payment_ref: order.paymentRef,
    refund_ref: order.refundRef,
    provider_state: lastEvent,
    refund_via: refundVia(order),
  };
}

function jobView(job: JobRow, now: Date, refunded: Set<string>): OperatorJob {
  return {
    id: job.id,
    user_id: job.userId,
    kind: job.kind,
    state: job.state,
    lane: job.lane,
    cost: job.cost,
    attempts: job.attempts,
    error: job.error,
    worker: job.worker,
    created_at: job.createdAt.getTime(),
    started_at: job.startedAt?.getTime() ?? null,
    finished_at: job.finishedAt?.getTime() ?? null,
    age_seconds: Math.max(0, Math.round((now.getTime() - job.createdAt.getTime()) / 1000)),
    refunded: job.spendOp ? refunded.has(job.spendOp) : false,
  };
}
