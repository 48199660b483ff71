import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { ErrorCode } from '@lumi/contract';
import { ping, type Database } from '../db/client';
import { ok } from '../lib/envelope';
import type { FileStorage } from '../lib/storage';
import { sendEnvelope } from './error-handler';

/** How long each readiness check may take: a load balancer asks every few seconds. */
export const CHECK_TIMEOUT_MS = 1000;

export interface CheckResult {
  ok: boolean;
  ms: number;
  /** Why it failed, in general terms (the details are in the log, not in a public answer). */
  error?: 'timeout' | 'unreachable';
}

export interface Readiness {
  status: 'ok' | 'unavailable';
  /** The checks that failed, by name. */
  failed: string[];
  checks: Record<string, CheckResult>;
}

export interface HealthDeps {
  database: Database;
  /** The rate limits' Redis, when REDIS_URL is set. */
  redis: Redis | undefined;
  /** Where public and private files go (the same bucket or directory may be both). */
  storages: readonly FileStorage[];
}

/**
 * What GET /readyz answers: the database, Redis (when configured) and the files' storage, each
 * within CHECK_TIMEOUT_MS, all at once.
 */
export function readinessOf(deps: HealthDeps, log: FastifyInstance['log']): () => Promise<Readiness> {
  const probes = deps.storages.flatMap((s) => (s.probe ? [s.probe.bind(s)] : []));
  const checks: Record<string, (signal: AbortSignal) => Promise<unknown>> = {
    database: () => ping(deps.database.db),
    ...(deps.redis ? { redis: () => deps.redis!.ping() } : {}),
    ...(probes.length > 0 ? { storage: (signal) => Promise.all(probes.map((p) => p(signal))) } : {}),
  };
  return async () => {
    const entries = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => [name, await timed(name, check, log)] as const),
    );
    const failed = entries.filter(([, result]) => !result.ok).map(([name]) => name);
    return { status: failed.length ? 'unavailable' : 'ok', failed, checks: Object.fromEntries(entries) };
  };
}

async function timed(
  name: string,
  check: (signal: AbortSignal) => Promise<unknown>,
  log: FastifyInstance['log'],
): Promise<CheckResult> {
  const started = performance.now();
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), CHECK_TIMEOUT_MS);
  });
  try {
    const outcome = await Promise.race([check(controller.signal).then(() => 'ok' as const), timeout]);
    const ms = Math.round(performance.now() - started);
    if (outcome === 'ok') return { ok: true, ms };
    controller.abort();
    log.warn({ check: name, ms }, 'readiness check timed out');
    return { ok: false, ms, error: 'timeout' };
  } catch (err) {
    log.warn({ err, check: name }, 'readiness check failed');
    return { ok: false, ms: Math.round(performance.now() - started), error: 'unreachable' };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /livez (the process answers: no database, also the bench's bare route), GET /readyz (every
 * dependency, for a load balancer or an orchestrator's readiness probe) and GET /healthz (the
 * database alone, in the envelope, as before /readyz).
 */
export function registerHealth(app: FastifyInstance, database: Database, ready: () => Promise<Readiness>) {
  app.get('/livez', () => ({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    const readiness = await ready();
    return reply
      .code(readiness.status === 'ok' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(readiness);
  });

  app.get('/healthz', async (_request, reply) => {
    try {
      await ping(database.db);
      return ok({ status: 'ok', database: database.kind });
    } catch (err) {
      app.log.error({ err }, 'health check failed');
      return sendEnvelope(reply, 503, {
        code: ErrorCode.SERVICE_BUSY,
        message: 'database unavailable',
        data: null,
      });
    }
  });
}
