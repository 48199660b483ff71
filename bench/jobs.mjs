// Generation jobs (issue 7), on the offline preview engine.
// 1. Queue overhead on the embedded default (PGlite, workers inside the server): one job at a
//    time through POST /cgi-bin/auth/aigc/image; overhead is the job's started_at minus its
//    created_at (both the server's clock): the commit, the NOTIFY, the worker's wake and claim.
// 2. Four `npm run worker` processes on PostgreSQL drain 2,000 queued jobs: jobs per second,
//    and a check that every job ran exactly once (one attempt each, each done).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { percentile, scratchDatabase, waitForServer, BENCH_LIMITS } from './lib.mjs';

const root = path.resolve(import.meta.dirname, '..');
const serverEntry = path.join(root, 'apps/server/dist/main.js');
const workerEntry = path.join(root, 'apps/server/dist/worker.js');
if (!fs.existsSync(workerEntry)) {
  console.error('Build first: npm run build');
  process.exit(1);
}
const SAMPLES = Number(process.env.BENCH_JOB_SAMPLES ?? 100);
const DRAIN_JOBS = Number(process.env.BENCH_DRAIN_JOBS ?? 2000);
const WORKERS = 4;

function start(entry, env) {
  return spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      ...BENCH_LIMITS,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_CHARACTERS: 'false',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}
const stop = async (child) => {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
};

async function tourist(base) {
  const code =
    'J'.repeat(20) +
    String(Date.now() + Math.random())
      .replace('.', '')
      .padStart(20, '0')
      .slice(-20);
  const res = await fetch(`${base}/cgi-bin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `type=0&code=${code}`,
  });
  return `ticket=${(await res.json()).data.ticket}`;
}

async function createJob(base, cookie, prompt) {
  const res = await fetch(`${base}/cgi-bin/auth/aigc/image`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ prompt, size: '576x1024' }),
  });
  const body = await res.json();
  if (body.code !== 0) throw new Error(body.message);
  return body.data.id;
}

async function overhead() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumi-bench-jobs-'));
  const port = 18_000 + (process.pid % 1000);
  const base = `http://127.0.0.1:${port}`;
  const server = start(serverEntry, {
    PORT: String(port),
    DATA_DIR: dataDir,
    DAILY_FREE_CREDITS: '100000',
  });
  try {
    await waitForServer(base);
    const cookie = await tourist(base);
    const samples = [];
    for (let i = 0; i < SAMPLES + 5; i++) {
      const id = await createJob(base, cookie, `a lighthouse ${i}`);
      let status;
      do {
        await new Promise((r) => setTimeout(r, 5));
        status = (
          await (await fetch(`${base}/cgi-bin/auth/aigc/status?id=${id}`, { headers: { cookie } })).json()
        ).data;
      } while (status.state !== 'done' && status.state !== 'failed');
      if (i >= 5) samples.push(status.started_at - status.created_at);
    }
    samples.sort((a, b) => a - b);
    return {
      p50: percentile(samples, 50),
      p95: percentile(samples, 95),
      max: samples.at(-1),
      samples: samples.length,
    };
  } finally {
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function drain() {
  const db = scratchDatabase('lumi_bench_jobs');
  await db.create();
  const port = 19_000 + (process.pid % 1000);
  const base = `http://127.0.0.1:${port}`;
  const env = {
    DATABASE_URL: db.url,
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'lumi-bench-drain-')),
    DAILY_FREE_CREDITS: '100000',
    MAX_OPEN_JOBS_PER_USER: '100000',
    FILES_SECRET: 'bench-files-secret-0123456789',
  };
  const server = start(serverEntry, { ...env, PORT: String(port), RUN_WORKERS: 'false' });
  const workers = [];
  const client = new pg.Client({ connectionString: db.url });
  try {
    await waitForServer(base);
    const cookie = await tourist(base);
    const queued = performance.now();
    for (let i = 0; i < DRAIN_JOBS; i += 20) {
      await Promise.all(
        Array.from({ length: Math.min(20, DRAIN_JOBS - i) }, (_, j) =>
          createJob(base, cookie, `job ${i + j}`),
        ),
      );
    }
    const queueMs = performance.now() - queued;
    await client.connect();
    const t0 = performance.now();
    for (let i = 0; i < WORKERS; i++) workers.push(start(workerEntry, { ...env, WORKER_CONCURRENCY: '2' }));
    let done = 0;
    while (done < DRAIN_JOBS) {
      await new Promise((r) => setTimeout(r, 200));
      done = (await client.query(`SELECT count(*)::int AS n FROM jobs WHERE state IN ('done', 'failed')`))
        .rows[0].n;
    }
    const seconds = (performance.now() - t0) / 1000;
    const check = (
      await client.query(`SELECT count(*) FILTER (WHERE state = 'done')::int AS done,
        count(*) FILTER (WHERE attempts <> 1)::int AS retried, count(DISTINCT worker)::int AS workers FROM jobs`)
    ).rows[0];
    return {
      jobs: DRAIN_JOBS,
      queuedInSeconds: +(queueMs / 1000).toFixed(1),
      drainSeconds: +seconds.toFixed(1),
      jobsPerSecond: +(DRAIN_JOBS / seconds).toFixed(1),
      done: check.done,
      ranMoreThanOnce: check.retried,
      workerIdsSeen: check.workers,
    };
  } finally {
    await client.end().catch(() => undefined);
    await Promise.all(workers.map(stop));
    await stop(server);
    fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
    await db.drop();
  }
}

console.log('queue overhead, embedded (ms, created to claimed):', await overhead());
console.log(`${WORKERS} worker processes on PostgreSQL:`, await drain());
