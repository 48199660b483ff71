import { ErrorCode } from '@lumi/contract';
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../app';
import type { Database } from '../db/client';
import { createTestDatabase, testConfig, useTestApp, withTestApp, type Envelope } from '../../test/helpers';
import { CHECK_TIMEOUT_MS, type Readiness } from './health';

/** Ports of this machine's range where nothing listens (a Redis or an S3 that is down). */
const CLOSED_REDIS = 'redis://127.0.0.1:8349';
const CLOSED_S3 = 'http://127.0.0.1:8348';
/** The machine's Redis, its database 1 (the tests' own). */
const REDIS = 'redis://127.0.0.1:6379/1';

const readyz = async (app: App) => {
  const started = performance.now();
  const res = await app.inject({ method: 'GET', url: '/readyz' });
  return { res, body: res.json<Readiness>(), ms: performance.now() - started };
};

describe('GET /readyz, /livez and /healthz', () => {
  const t = useTestApp();

  it('answers 200 with each check when the database and the files are there', async () => {
    const { res, body } = await readyz(t.app);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(body).toMatchObject({
      status: 'ok',
      failed: [],
      checks: { database: { ok: true }, storage: { ok: true } },
    });
    // No REDIS_URL: nothing to check.
    expect(body.checks.redis).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: '/livez' })).json()).toEqual({ status: 'ok' });
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.json<Envelope>()).toMatchObject({
      code: 0,
      data: { status: 'ok', database: t.database.kind },
    });
  });
});

describe('GET /readyz with Redis', () => {
  it('checks the Redis of REDIS_URL', async () => {
    await withTestApp({ env: { REDIS_URL: REDIS } }, async (t) => {
      const { res, body } = await readyz(t.app);
      expect(res.statusCode, res.body).toBe(200);
      expect(body.checks.redis).toMatchObject({ ok: true });
    });
  });

  it('answers 503 naming Redis when REDIS_URL points at nothing, soon, and without internals', async () => {
    await withTestApp({ env: { REDIS_URL: CLOSED_REDIS } }, async (t) => {
      const { res, body, ms } = await readyz(t.app);
      expect(res.statusCode).toBe(503);
      expect(body).toMatchObject({
        status: 'unavailable',
        failed: ['redis'],
        checks: { database: { ok: true }, storage: { ok: true }, redis: { ok: false } },
      });
      expect(ms).toBeLessThan(CHECK_TIMEOUT_MS + 500);
      expect(res.body).not.toContain('8349');
      // Liveness is not readiness: the process still answers.
      expect((await t.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
    });
  });
});

describe('GET /readyz with S3-compatible storage', () => {
  it('answers 503 naming the storage when the bucket cannot be reached', async () => {
    const env = {
      S3_ENDPOINT: CLOSED_S3,
      S3_BUCKET: 'lumi',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    await withTestApp({ env }, async (t) => {
      const { res, body, ms } = await readyz(t.app);
      expect(res.statusCode).toBe(503);
      expect(body.failed).toEqual(['storage']);
      expect(body.checks.storage?.error).toMatch(/^(unreachable|timeout)$/);
      expect(ms).toBeLessThan(CHECK_TIMEOUT_MS + 500);
    });
  });
});

describe('GET /readyz when the database does not answer', () => {
  /** The test's database, whose raw queries fail or hang while `state` says so. */
  async function flakyDatabase(state: { now: 'up' | 'down' | 'stuck' }): Promise<Database> {
    const database = await createTestDatabase();
    const db = new Proxy(database.db, {
      get(target, key, receiver) {
        if (key === 'execute' && state.now === 'down') {
          return () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.5:5432'));
        }
        if (key === 'execute' && state.now === 'stuck') return () => new Promise(() => undefined);
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    return { ...database, db };
  }

  it('answers 503 naming the database, down or stuck, and /healthz says so too', async () => {
    const state: { now: 'up' | 'down' | 'stuck' } = { now: 'up' };
    const database = await flakyDatabase(state);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumi-test-'));
    const config = testConfig({ DATA_DIR: dataDir, RUN_WORKERS: 'false' });
    const app = await buildApp({ config, database, logger: false });
    try {
      await app.ready();
      expect((await readyz(app)).res.statusCode).toBe(200);

      state.now = 'down';
      const down = await readyz(app);
      expect(down.res.statusCode).toBe(503);
      expect(down.body).toMatchObject({
        failed: ['database'],
        checks: { database: { ok: false, error: 'unreachable' } },
      });
      expect(down.res.body).not.toContain('10.0.0.5');
      const health = await app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(503);
      expect(health.json<Envelope>().code).toBe(ErrorCode.SERVICE_BUSY);

      state.now = 'stuck';
      const stuck = await readyz(app);
      expect(stuck.res.statusCode).toBe(503);
      expect(stuck.body.checks.database).toMatchObject({ ok: false, error: 'timeout' });
      expect(stuck.ms).toBeGreaterThanOrEqual(CHECK_TIMEOUT_MS - 50);
      expect(stuck.ms).toBeLessThan(CHECK_TIMEOUT_MS + 500);
    } finally {
      state.now = 'up';
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
