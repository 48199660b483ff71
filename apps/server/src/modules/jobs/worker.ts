import { isEngineError } from '@lumi/engines';
import type { MessageKey } from '@lumi/contract';
import type { JobRow } from '../../db/schema';
import type { AppMetrics } from '../../lib/metrics';
import { HEARTBEAT_MS, newWorkerId, type JobKind, type JobQueue } from './job-queue';

/** A job that can't be done as asked: it fails at once (no retry) with this message. */
export class JobRefused extends Error {
  override name = 'JobRefused';
  constructor(readonly key: MessageKey) {
    super(key);
  }
}

export interface JobContext {
  signal: AbortSignal;
  progress(fraction: number): void;
}

export interface JobOutcome {
  result: unknown;
  preview: boolean;
}

export type JobRun = (job: JobRow, context: JobContext) => Promise<JobOutcome>;

/**
 * Runs the jobs of a kind. Its `settled` step, when it has one, runs once a job has ended for
 * good, done or failed, and never when the job goes back to the queue for another try: the place
 * to drop what only the run needed, like the photos or recordings it was given.
 */
export type JobHandler = JobRun & { settled?: (job: JobRow) => Promise<void> };

/** A handler whose `settled` step runs once each of its jobs has ended for good. */
export function settledBy(settled: (job: JobRow) => Promise<void>, run: JobRun): JobHandler {
  return Object.assign(run, { settled });
}

/** The worker's log: pino's (app.log) in the app; a child of it per job carries the job's ids. */
export interface WorkerLog {
  error: (obj: object, msg: string) => void;
  info?: (obj: object, msg: string) => void;
  child?: (bindings: Record<string, unknown>) => WorkerLog;
}

export interface WorkerOptions {
  queue: JobQueue;
  handlers: Partial<Record<JobKind, JobHandler>>;
  /** Jobs this worker runs at once. */
  concurrency: number;
  /** Subscribes to "a job was added" (LISTEN/NOTIFY); answers the unsubscribe. */
  listen: (onJob: () => void) => Promise<() => Promise<void>>;
  log: WorkerLog;
  /** Counts each job's run time and failures (lumi_job_*), labelled with its kind's engine. */
  metrics?: Pick<AppMetrics, 'jobRuns' | 'jobFailures'>;
  /** The engine id of each kind, for the metrics' labels. */
  engines?: Partial<Record<JobKind, string>>;
  /** Fallback poll when a notice is missed, and the stale-job sweep, in ms. */
  pollMs?: number;
  /** Sweep for jobs whose worker died: every running job at start in the embedded database. */
  recoverAllAtStart?: boolean;
}

/**
 * Runs jobs: wakes on every new job (and polls as a fallback), claims up to `concurrency`,
 * beats each running job's heart, and ends it done, failed (refunded) or, when it stops,
 * back in the queue for another worker. Any number of workers in any number of processes.
 */
export class Worker {
  readonly id = newWorkerId();
  private readonly running = new Map<string, AbortController>();
  private stopping = false;
  private unlisten: (() => Promise<void>) | undefined;
  private timers: NodeJS.Timeout[] = [];
  private draining: Promise<void> | undefined;
  private wanted = false;
  private readonly idle = new Set<() => void>();

  constructor(private readonly options: WorkerOptions) {}

  private get kinds(): JobKind[] {
    return Object.keys(this.options.handlers) as JobKind[];
  }

  async start(): Promise<void> {
    const { queue } = this.options;
    const recovered = await queue.recover({ all: this.options.recoverAllAtStart ?? false });
    if (recovered.retried + recovered.failed > 0) {
      this.options.log.info?.({ ...recovered }, 'jobs of a stopped worker recovered');
    }
    this.unlisten = await this.options.listen(() => this.wake());
    const poll = this.options.pollMs ?? 1000;
    this.timers.push(setInterval(() => this.wake(), poll));
    this.timers.push(
      setInterval(() => {
        void queue
          .heartbeat([...this.running.keys()], this.id)
          .catch((err: unknown) => this.report(err, 'heartbeat'));
      }, HEARTBEAT_MS),
    );
    this.timers.push(
      setInterval(
        () => {
          void queue.recover().catch((err: unknown) => this.report(err, 'recover'));
        },
        Math.max(poll, 10_000),
      ),
    );
    for (const t of this.timers) t.unref();
    this.wake();
  }

  private report(err: unknown, what: string) {
    if (!this.stopping) this.options.log.error({ err, worker: this.id }, `job worker: ${what} failed`);
  }

  /** Claims jobs while there is room; one claim loop at a time per worker. */
  wake(): void {
    if (this.stopping) return;
    if (this.draining) {
      this.wanted = true;
      return;
    }
    this.draining = (async () => {
      do {
        this.wanted = false;
        while (!this.stopping && this.running.size < this.options.concurrency) {
          const job = await this.options.queue.claim(this.kinds, this.id);
          if (!job) break;
          this.run(job);
        }
      } while (this.wanted && !this.stopping);
    })()
      .catch((err: unknown) => this.report(err, 'claim'))
      .finally(() => {
        this.draining = undefined;
        if (this.running.size === 0) for (const fn of this.idle) fn();
      });
  }

  private run(job: JobRow): void {
    const { queue, metrics } = this.options;
    // Every line about the job names it, and the request that made it (the same reqId as that
    // request's own lines).
    const log =
      this.options.log.child?.({
        jobId: job.id,
        kind: job.kind,
        worker: this.id,
        ...(job.requestId ? { reqId: job.requestId } : {}),
      }) ?? this.options.log;
    const engine = this.options.engines?.[job.kind] ?? 'unknown';
    const started = performance.now();
    const ran = (outcome: 'done' | 'failed') =>
      metrics?.jobRuns.observe({ kind: job.kind, engine, outcome }, (performance.now() - started) / 1000);
    const controller = new AbortController();
    this.running.set(job.id, controller);
    const handler = this.options.handlers[job.kind];
    let lastProgress = 0;
    const context: JobContext = {
      signal: controller.signal,
      progress: (fraction) => {
        // A write for every 5% at most.
        if (fraction - lastProgress < 0.05 && fraction < 1) return;
        lastProgress = fraction;
        void queue.progress(job.id, this.id, fraction).catch(() => undefined);
      },
    };
    void (async () => {
      // Whether this worker ended the job for good (not when another worker took it over).
      let ended = false;
      try {
        if (!handler) throw new JobRefused('generation_failed');
        log.info?.({ attempt: job.attempts }, 'job started');
        const outcome = await handler(job, context);
        ended = await queue.complete(job.id, this.id, outcome.result, outcome.preview);
        if (ended) {
          ran('done');
          log.info?.({ ms: Math.round(performance.now() - started) }, 'job done');
        }
      } catch (err) {
        if (controller.signal.aborted && this.stopping) {
          await queue.requeue(job.id, this.id).catch((e: unknown) => this.report(e, 'requeue'));
        } else {
          const key: MessageKey = err instanceof JobRefused ? err.key : 'generation_failed';
          const reason = err instanceof JobRefused ? 'refused' : isEngineError(err) ? err.kind : 'error';
          if (reason === 'refused' || reason === 'rejected') {
            log.info?.({ reason: key }, 'job refused');
          } else {
            log.error({ err }, 'job failed');
          }
          ended = await queue.fail(job.id, this.id, key).catch((e: unknown) => {
            this.report(e, 'fail');
            return false;
          });
          if (ended) {
            ran('failed');
            metrics?.jobFailures.inc({ kind: job.kind, engine, reason });
          }
        }
      } finally {
        if (ended) await this.settle(handler, job);
        this.running.delete(job.id);
        this.wake();
        if (this.running.size === 0 && !this.draining) for (const fn of this.idle) fn();
      }
    })();
  }

  /** The handler's `settled` step for a job that ended for good; a failure is logged, not thrown. */
  private async settle(handler: JobHandler | undefined, job: JobRow): Promise<void> {
    try {
      await handler?.settled?.(job);
    } catch (err) {
      this.report(err, 'clean-up after a job');
    }
  }

  /** Stops claiming; running jobs get `graceMs` to finish, then go back to the queue. */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopping = true;
    for (const t of this.timers) clearInterval(t);
    await this.unlisten?.().catch(() => undefined);
    await this.draining;
    if (this.running.size > 0) {
      const done = new Promise<void>((resolve) => this.idle.add(resolve));
      const timer = setTimeout(() => {
        for (const c of this.running.values()) c.abort();
      }, graceMs);
      await done;
      clearTimeout(timer);
    }
  }

  get busy(): number {
    return this.running.size;
  }
}
