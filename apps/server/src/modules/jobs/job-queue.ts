import { randomUUID } from 'node:crypto';
import { ErrorCode, type JobStatus, type MessageKey } from '@lumi/contract';
import type { Db, DbOrTx } from '../../db/client';
import type { JobRow, NewJobRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { BusinessError } from '../../lib/errors';
import { currentRequestId } from '../../lib/request-context';
import type { CreditsService } from '../credits/credits.service';
import { lockKeys } from '../limits/quota.repository';
import * as repo from './jobs.repository';

export type JobKind = JobRow['kind'];

/** A running job's worker says it is alive this often; twice the limit below means it died. */
export const HEARTBEAT_MS = 5_000;
export const STALE_MS = 30_000;
/** Tries a job gets: the first, and one retry after its worker died. */
export const MAX_ATTEMPTS = 2;
/** The guess for a kind's duration before any job of it has finished. */
const DEFAULT_SECONDS: Record<JobKind, number> = { image: 8, speech: 3, voice_clone: 10, faceswap: 4 };

/** What one user may have: open (queued or running) jobs, and free fast ones since a time. */
export interface JobLimits {
  maxOpen: number;
  /** For a non-paying user's fast-lane job: how many they may have made since `since`. */
  fast?: { since: Date; max: number };
}

export interface JobQueueDeps {
  db: Db;
  clock: Clock;
  credits: CreditsService;
}

/**
 * The jobs table as a queue (ARCHITECTURE.md 'Generation jobs'): jobs are added in the
 * transaction that spends their credits, claimed by workers in lane and age order with
 * FOR UPDATE SKIP LOCKED, and end done or failed; a failed job's credits are refunded in the
 * same transaction that fails it.
 */
export class JobQueue {
  constructor(private readonly deps: JobQueueDeps) {}

  /**
   * Checks the user's job limits, spends the job's credits and adds it, in one transaction: never
   * a paid job missing, never a job not paid for, and the limits counted under a lock on the
   * user's jobs, so concurrent submits on any number of processes never pass them. A refusal
   * (too many open jobs, no free fast generation left, not enough credits) adds nothing. A job
   * that costs 0 spends nothing. `alongside` writes what goes with the job in the same
   * transaction (a chat picture's place in its conversation).
   */
  async submit(
    job: Pick<NewJobRow, 'userId' | 'kind' | 'lane' | 'input' | 'cost' | 'preview'> & { reason: string },
    limits: JobLimits,
    alongside?: (tx: DbOrTx, job: JobRow) => Promise<void>,
  ): Promise<JobRow> {
    return (await this.submitOnce(job, limits, undefined, alongside)).job;
  }

  /**
   * `submit`, made once per `cache` key of the user: a job of theirs with the key that has not
   * failed is answered instead (`reused`), spending nothing. The key is looked up under the lock
   * on the user's jobs, so concurrent calls with one key make and charge one job.
   */
  async submitOnce(
    job: Pick<NewJobRow, 'userId' | 'kind' | 'lane' | 'input' | 'cost' | 'preview'> & { reason: string },
    limits: JobLimits,
    cache?: string,
    alongside?: (tx: DbOrTx, job: JobRow) => Promise<void>,
  ): Promise<{ job: JobRow; reused: boolean }> {
    const { reason, ...row } = job;
    const made = await this.deps.db.transaction(async (tx) => {
      await lockKeys(tx, [`jobs:${row.userId}`]);
      const cached = cache === undefined ? undefined : await repo.cachedJob(tx, row.userId, cache);
      if (cached) return { inserted: cached, spent: undefined, reused: true };
      if (limits.fast && row.lane === 0) {
        const used = await repo.fastJobsSince(tx, row.userId, row.kind, limits.fast.since);
        if (used >= limits.fast.max) {
          throw new BusinessError(ErrorCode.FORBIDDEN, 'fast_limit', { count: String(limits.fast.max) });
        }
      }
      if ((await repo.openJobs(tx, row.userId)) >= limits.maxOpen) {
        throw new BusinessError(ErrorCode.TOO_FREQUENT, 'too_frequent');
      }
      // A free job (the offline preview renderer) spends nothing and has nothing to refund.
      const spent =
        row.cost > 0 ? await this.deps.credits.spend(row.userId, row.cost, reason, tx) : undefined;
      const inserted = await repo.insertJob(tx, {
        ...row,
        input: cache === undefined ? row.input : { ...(row.input as object), cache },
        spendOp: spent?.operationId ?? null,
        requestId: currentRequestId() ?? null,
        createdAt: this.deps.clock(),
      });
      await alongside?.(tx, inserted);
      return { inserted, spent, reused: false };
    });
    made.spent?.committed();
    return { job: made.inserted, reused: made.reused };
  }

  find(id: string): Promise<JobRow | undefined> {
    return repo.findJob(this.deps.db, id);
  }

  /**
   * The job once it is done or failed, or as it is when `timeoutMs` runs out (calls that answer
   * the result itself, like text to speech, wait for their job this way).
   */
  async waitFor(id: string, timeoutMs: number): Promise<JobRow | undefined> {
    const end = Date.now() + timeoutMs;
    let delay = 5;
    for (;;) {
      const job = await repo.findJob(this.deps.db, id);
      if (!job || job.state === 'done' || job.state === 'failed' || Date.now() > end) return job;
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(200, delay * 1.5);
    }
  }

  /** Where the job is, for its owner's status calls; `results` shapes what a done job shows. */
  async status(
    job: JobRow,
    render: { message: (key: MessageKey) => string; results: (job: JobRow) => Partial<JobStatus> },
  ): Promise<JobStatus> {
    const base: JobStatus = {
      id: job.id,
      kind: job.kind,
      state: job.state,
      preview: job.preview,
      created_at: job.createdAt.getTime(),
      ...(job.startedAt && job.state !== 'queued' ? { started_at: job.startedAt.getTime() } : {}),
      ...(job.finishedAt ? { finished_at: job.finishedAt.getTime() } : {}),
    };
    if (job.state === 'queued') {
      const [position, mean, workers] = await Promise.all([
        repo.positionOf(this.deps.db, job),
        repo.meanSeconds(this.deps.db, job.kind),
        repo.liveWorkers(this.deps.db, new Date(this.deps.clock().getTime() - STALE_MS)),
      ]);
      const each = mean ?? DEFAULT_SECONDS[job.kind];
      return {
        ...base,
        position,
        wait_seconds: Math.max(1, Math.ceil(((position + 1) * each) / Math.max(1, workers))),
      };
    }
    if (job.state === 'running')
      return { ...base, ...(job.progress === null ? {} : { progress: job.progress }) };
    if (job.state === 'failed')
      return { ...base, message: render.message((job.error ?? 'generation_failed') as MessageKey) };
    return { ...base, ...render.results(job) };
  }

  claim(kinds: readonly JobKind[], worker: string): Promise<JobRow | undefined> {
    return repo.claimNext(this.deps.db, kinds, worker, this.deps.clock());
  }

  heartbeat(ids: string[], worker: string): Promise<void> {
    return repo.heartbeat(this.deps.db, ids, worker, this.deps.clock());
  }

  progress(id: string, worker: string, fraction: number): Promise<void> {
    return repo.setProgress(this.deps.db, id, worker, fraction);
  }

  async complete(id: string, worker: string, result: unknown, preview: boolean): Promise<boolean> {
    const row = await repo.finish(this.deps.db, id, worker, {
      state: 'done',
      result,
      preview,
      progress: 1,
      finishedAt: this.deps.clock(),
    });
    return row !== undefined;
  }

  /** Fails the job and refunds its credits, in one transaction. */
  async fail(id: string, worker: string, error: MessageKey): Promise<boolean> {
    return this.deps.db.transaction(async (tx) => {
      const row = await repo.finish(tx, id, worker, {
        state: 'failed',
        error,
        finishedAt: this.deps.clock(),
      });
      if (!row) return false;
      if (row.spendOp) await this.deps.credits.refund(row.spendOp, `job ${row.id} failed`, tx);
      return true;
    });
  }

  requeue(id: string, worker: string): Promise<void> {
    return repo.requeue(this.deps.db, id, worker);
  }

  /**
   * Jobs whose worker died (no heartbeat for STALE_MS, or every running job when `all`: the
   * embedded database has one process, so at start none of its running jobs has a worker):
   * queued again for their second try, or failed and refunded after it. Answers how many.
   */
  async recover(options: { all?: boolean } = {}): Promise<{ retried: number; failed: number }> {
    const now = this.deps.clock();
    const staleBefore = options.all ? new Date(now.getTime() + 1) : new Date(now.getTime() - STALE_MS);
    return this.deps.db.transaction(async (tx) => {
      const stale = await repo.lockStale(tx, staleBefore);
      let retried = 0;
      let failed = 0;
      for (const job of stale) {
        if (job.attempts < MAX_ATTEMPTS) {
          await repo.backToQueue(tx, job.id);
          retried++;
        } else {
          await repo.finish(tx, job.id, job.worker ?? '', {
            state: 'failed',
            error: 'generation_failed',
            finishedAt: now,
          });
          if (job.spendOp)
            await this.deps.credits.refund(job.spendOp, `job ${job.id} lost its worker twice`, tx);
          failed++;
        }
      }
      return { retried, failed };
    });
  }
}

export const newWorkerId = () => `w-${process.pid}-${randomUUID().slice(0, 8)}`;
