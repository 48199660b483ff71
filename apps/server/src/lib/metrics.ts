import { isEngineError } from '@lumi/engines';
import client, { type Counter, type Registry } from 'prom-client';

let processRegistry: Registry | undefined;

/** Node's and the process's own metrics (CPU, memory, event loop, GC): one set per process. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new client.Registry();
    client.collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Where the queue is, per job kind, as the jobs table says at scrape time. */
export interface QueueSnapshot {
  kind: string;
  queued: number;
  running: number;
  /** Seconds the oldest queued job has waited (0 with none queued). */
  oldestQueuedSeconds: number;
}

/** How long a scrape's reading of the jobs table is reused by the next ones. */
const QUEUE_CACHE_MS = 1000;

const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
const JOB_BUCKETS = [0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300];

/**
 * The app's Prometheus metrics (docs/deploy.md 'Metrics and health'): one registry per app, so
 * that each process (and each test app) counts its own, plus the process's default metrics.
 * Labels are bounded: route patterns, not URLs; job kinds, engine ids, reasons without numbers.
 */
export class AppMetrics {
  readonly registry: Registry = new client.Registry();
  private readonly registers = [this.registry];
  private queueReader: (() => Promise<QueueSnapshot[]>) | undefined;
  private queueCache: { at: number; rows: Promise<QueueSnapshot[]> } | undefined;
  /** The port this process serves its metrics on (METRICS_PORT), once it listens. */
  port: number | undefined;

  readonly httpDuration = new client.Histogram({
    name: 'lumi_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: HTTP_BUCKETS,
    registers: this.registers,
  });
  readonly httpRequests = new client.Counter({
    name: 'lumi_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: this.registers,
  });
  readonly jobRuns = new client.Histogram({
    name: 'lumi_job_run_duration_seconds',
    help: 'Time a worker of this process ran a job until it ended done or failed',
    labelNames: ['kind', 'engine', 'outcome'] as const,
    buckets: JOB_BUCKETS,
    registers: this.registers,
  });
  readonly jobFailures = new client.Counter({
    name: 'lumi_job_failures_total',
    help: 'Jobs that failed in a worker of this process (refunded), by kind, engine and reason',
    labelNames: ['kind', 'engine', 'reason'] as const,
    registers: this.registers,
  });
  readonly engineErrors = new client.Counter({
    name: 'lumi_engine_errors_total',
    help: 'Typed engine failures (unavailable, timeout, rejected, config, protocol), by capability and engine',
    labelNames: ['capability', 'engine', 'kind'] as const,
    registers: this.registers,
  });
  readonly creditsGranted = new client.Counter({
    name: 'lumi_credits_granted_total',
    help: 'Credits granted, by source (daily, order, redeem)',
    labelNames: ['source'] as const,
    registers: this.registers,
  });
  readonly creditsSpent = new client.Counter({
    name: 'lumi_credits_spent_total',
    help: 'Credits spent (committed), by reason',
    labelNames: ['reason'] as const,
    registers: this.registers,
  });
  readonly creditsRefunded = new client.Counter({
    name: 'lumi_credits_refunded_total',
    help: 'Credits given back after a failed or refused generation',
    registers: this.registers,
  });
  readonly signIns = new client.Counter({
    name: 'lumi_sign_ins_total',
    help: 'Sessions opened by POST /cgi-bin/login, by method (tourist, email, google, facebook, oidc)',
    labelNames: ['method'] as const,
    registers: this.registers,
  });
  readonly moderationRefusals = new client.Counter({
    name: 'lumi_moderation_refusals_total',
    help: 'Texts and pictures refused by moderation, by surface and category',
    labelNames: ['surface', 'category'] as const,
    registers: this.registers,
  });
  readonly paymentWebhooks = new client.Counter({
    name: 'lumi_payment_webhooks_total',
    help: 'Payment providers\u2019 notices received, by provider and outcome',
    labelNames: ['provider', 'outcome'] as const,
    registers: this.registers,
  });

  constructor() {
    const queue = () => this.queue();
    const snapshot = (pick: (row: QueueSnapshot) => number) =>
      async function (this: client.Gauge<'kind'>) {
        const rows = await queue();
        this.reset();
        for (const row of rows) this.set({ kind: row.kind }, pick(row));
      };
    new client.Gauge({
      name: 'lumi_jobs_queued',
      help: 'Jobs waiting in the queue (all processes), by kind',
      labelNames: ['kind'] as const,
      registers: this.registers,
      collect: snapshot((row) => row.queued),
    });
    new client.Gauge({
      name: 'lumi_jobs_running',
      help: 'Jobs running in any worker (all processes), by kind',
      labelNames: ['kind'] as const,
      registers: this.registers,
      collect: snapshot((row) => row.running),
    });
    new client.Gauge({
      name: 'lumi_jobs_oldest_queued_seconds',
      help: 'Age of the oldest waiting job, by kind (0 with none waiting)',
      labelNames: ['kind'] as const,
      registers: this.registers,
      collect: snapshot((row) => row.oldestQueuedSeconds),
    });
  }

  /** Where the queue gauges read the jobs table from (its query runs once a second at most). */
  watchQueue(read: () => Promise<QueueSnapshot[]>): void {
    this.queueReader = read;
  }

  private queue(): Promise<QueueSnapshot[]> {
    const read = this.queueReader;
    if (!read) return Promise.resolve([]);
    const now = Date.now();
    if (!this.queueCache || now - this.queueCache.at >= QUEUE_CACHE_MS) {
      // A database that does not answer leaves the gauges empty rather than failing the scrape.
      this.queueCache = { at: now, rows: read().catch(() => []) };
    }
    return this.queueCache.rows;
  }

  /** The exposition in Prometheus' text format: this app's metrics, then the process's. */
  async text(): Promise<string> {
    return (await this.registry.metrics()) + (await processMetrics().metrics());
  }

  readonly contentType = this.registry.contentType;

  /** Every metric name this process exposes (the dashboard's test checks its queries with it). */
  names(): string[] {
    return [...this.registry.getMetricsAsArray(), ...processMetrics().getMetricsAsArray()].map((m) => m.name);
  }
}

/** A spend's reason as a label: its words without numbers ('image anime x4' counts as 'image anime'). */
export function reasonLabel(reason: string): string {
  return (
    reason
      .split(/\s+/)
      .filter((word) => word && !/\d/.test(word))
      .join(' ')
      .slice(0, 40) || 'other'
  );
}

/**
 * The engine, counting its typed failures in `lumi_engine_errors_total` (a caller that went away,
 * `aborted`, is not the engine's failure): every method's promise, or stream, is watched.
 */
export function metered<T extends { readonly id: string }>(
  engine: T,
  capability: string,
  errors: Counter<'capability' | 'engine' | 'kind'>,
): T {
  const count = (err: unknown) => {
    if (isEngineError(err) && err.kind !== 'aborted') {
      errors.inc({ capability, engine: engine.id, kind: err.kind });
    }
  };
  return new Proxy(engine, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function' || key === 'constructor') return value;
      return (...args: unknown[]) => {
        let out: unknown;
        try {
          out = (value as (...a: unknown[]) => unknown).apply(target, args);
        } catch (err) {
          count(err);
          throw err;
        }
        if (out instanceof Promise) {
          return out.catch((err: unknown) => {
            count(err);
            throw err;
          });
        }
        if (out && typeof out === 'object' && Symbol.asyncIterator in out) {
          return countedStream(out as AsyncIterable<unknown>, count);
        }
        return out;
      };
    },
  });
}

/** The stream as it is; a failure is counted on its way to the reader. */
async function* countedStream<T>(source: AsyncIterable<T>, count: (err: unknown) => void) {
  try {
    yield* source;
  } catch (err) {
    count(err);
    throw err;
  }
}
