// Character lists at scale (issue 3): 100,000 characters on PostgreSQL. Measures the Hot list
// (pages 1 and 50), a tag chip, the New list and search, p50/p95 and throughput, against the bare
// /livez route in the same run. Needs a PostgreSQL server: BENCH_PG_URL (default
// postgres://postgres@127.0.0.1:5432/postgres); creates and drops its own database.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  load,
  percentile,
  requireBuilt,
  scratchDatabase,
  spawnServer,
  waitForServer,
  BENCH_LIMITS,
  touristCookie,
} from './lib.mjs';

requireBuilt('apps/server/dist/main.js', 'apps/server/dist/seed-synthetic.js');
const seedEntry = path.resolve(import.meta.dirname, '../apps/server/dist/seed-synthetic.js');
const COUNT = Number(process.env.BENCH_CHARACTERS ?? 100_000);
const database = scratchDatabase('lumi_bench');

/** One client at a time: the latency of the query itself, without queueing. */
async function single(url, headers, n = 200) {
  const latencies = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await (await fetch(url, { headers })).json();
    latencies.push(performance.now() - t);
  }
  latencies.sort((a, b) => a - b);
  return { p50: +percentile(latencies, 50).toFixed(2), p95: +percentile(latencies, 95).toFixed(2) };
}

await database.create();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumi-bench-chars-'));
// The seed runs with the server's settings: the same database and data directory.
const env = {
  ...process.env,
  ...BENCH_LIMITS,
  DATABASE_URL: database.url,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
};
let server;
try {
  // Migrate and seed the 300-character catalogue by starting once, then add the synthetic ones.
  const port = 9800 + (process.pid % 150);
  const base = `http://127.0.0.1:${port}`;
  const start = () => spawnServer(port, dataDir, { DATABASE_URL: database.url });
  const waitUp = () => waitForServer(base);
  server = start();
  await waitUp();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  const t0 = Date.now();
  const seeded = spawnSync(process.execPath, [seedEntry, String(COUNT)], { env, stdio: 'inherit' });
  if (seeded.status !== 0) throw new Error('synthetic seed failed');
  console.log(`seeded ${COUNT} synthetic characters in ${Date.now() - t0} ms`);
  server = start();
  await waitUp();

  const headers = { cookie: await touristCookie(base, 'C') };
  const api = `${base}/cgi-bin/auth/character`;
  const calls = {
    'GET /livez (bare Fastify route)': `${base}/livez`,
    'list Hot, page 1': `${api}/list?sort=dailyRandom&page=1&page_size=20`,
    'list Hot, page 50': `${api}/list?sort=dailyRandom&page=50&page_size=20`,
    'list Hot + tag Fantasy, page 1': `${api}/list?sort=dailyRandom&tag=Fantasy&page=1&page_size=20`,
    'list New, page 1 (with total_count)': `${api}/list?sort=new&page=1&page_size=20`,
    'search "Mira"': `${api}/list-search?query=Mira&page=1&page_size=20`,
    'search "lighthouse keeper"': `${api}/list-search?query=lighthouse%20keeper&page=1&page_size=20`,
  };
  await load(calls['list Hot, page 1'], headers, { durationMs: 1000 }); // warm-up
  const latency = {};
  const throughput = {};
  for (const [name, u] of Object.entries(calls)) {
    latency[name] = await single(u, headers);
    throughput[name] = await load(u, headers);
  }
  console.log(`\nOne client at a time, 200 requests each (ms), ${COUNT} characters on PostgreSQL:`);
  console.table(latency);
  console.log('\n16 concurrent clients for 3 s:');
  console.table(throughput);
  const ratio = throughput['list Hot, page 1'].rps / throughput['GET /livez (bare Fastify route)'].rps;
  console.log(`list Hot throughput / bare route: ${ratio.toFixed(2)}`);
} finally {
  server?.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
