// Character lists at scale (issues 3 and 23): 100,000 characters on PostgreSQL. The server runs
// as a child process and the load comes from another (load-runner.mjs, autocannon), so neither
// the load generator nor this script shares the server's event loop. Measures the bare /livez
// route and the Hot list (pages 1 and 50), a tag chip, a filtered list, the New list and search,
// one client at a time (p50/p95) and 16 concurrent clients (throughput), in the same run, with
// the lists' cache on (LIST_CACHE_SECONDS=10, memory) and off (0), and on Redis when
// BENCH_REDIS_URL is set.
//
// Settings: BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres), BENCH_DATABASE
// (default lumi_bench_<pid>; created, seeded and dropped; with BENCH_KEEP=1 kept, and reused
// next time when already seeded), BENCH_PORT (default 9800 + pid % 150), BENCH_CHARACTERS
// (100000), BENCH_SECONDS (3), BENCH_CONNECTIONS (16), BENCH_REDIS_URL.
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import {
  requireBuilt,
  scratchDatabase,
  spawnServer,
  waitForServer,
  BENCH_LIMITS,
  touristCookie,
} from './lib.mjs';

requireBuilt('apps/server/dist/main.js', 'apps/server/dist/seed-synthetic.js');
const seedEntry = path.resolve(import.meta.dirname, '../apps/server/dist/seed-synthetic.js');
const runner = path.resolve(import.meta.dirname, 'load-runner.mjs');
const COUNT = Number(process.env.BENCH_CHARACTERS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const KEEP = process.env.BENCH_KEEP === '1';
const database = scratchDatabase('lumi_bench', process.env.BENCH_DATABASE);
const port = Number(process.env.BENCH_PORT ?? 9800 + (process.pid % 150));
const base = `http://127.0.0.1:${port}`;
const run = promisify(execFile);

/** One autocannon run in its own process. */
async function load(url, headers, connections, seconds) {
  const { stdout } = await run(process.execPath, [
    runner,
    JSON.stringify({ url, headers, connections, seconds }),
  ]);
  return JSON.parse(stdout.trim().split('\n').pop());
}

async function characterCount() {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query(
      "SELECT count(*)::int AS n FROM characters WHERE owner_id = '00000000-0000-4000-8000-000000000002'",
    );
    return rows[0].n;
  } catch {
    return 0;
  } finally {
    await client.end();
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumi-bench-chars-'));
const stop = async (server) => {
  if (!server || server.exitCode !== null) return;
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
};
let server;
try {
  const reuse = KEEP && (await database.exists()) && (await characterCount()) >= COUNT;
  if (!reuse) {
    await database.drop();
    await database.create();
    // Migrate and seed the 300-character catalogue by starting once, then add the synthetic ones.
    server = spawnServer(port, dataDir, { DATABASE_URL: database.url });
    await waitForServer(base);
    await stop(server);
    const t0 = Date.now();
    const env = {
      ...process.env,
      ...BENCH_LIMITS,
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    };
    const seeded = spawnSync(process.execPath, [seedEntry, String(COUNT)], { env, stdio: 'inherit' });
    if (seeded.status !== 0) throw new Error('synthetic seed failed');
    console.log(`seeded ${COUNT} synthetic characters in ${Date.now() - t0} ms`);
  } else {
    console.log(`reusing ${process.env.BENCH_DATABASE} (${COUNT} synthetic characters)`);
  }

  const api = `${base}/cgi-bin/auth/character`;
  const calls = {
    bare: ['GET /livez (bare Fastify route)', `${base}/livez`],
    hot: ['list Hot, page 1', `${api}/list?sort=dailyRandom&page=1&page_size=20`],
    hot50: ['list Hot, page 50', `${api}/list?sort=dailyRandom&page=50&page_size=20`],
    tag: ['list Hot + tag Fantasy, page 1', `${api}/list?sort=dailyRandom&tag=Fantasy&page=1&page_size=20`],
    filtered: [
      'list top-rated, Female, not adult',
      `${api}/list?sort=rating&gender=Female&NSFW=false&page=1&page_size=20`,
    ],
    new: ['list New, page 1 (with total_count)', `${api}/list?sort=new&page=1&page_size=20`],
    mira: ['search "Mira"', `${api}/list-search?query=Mira&page=1&page_size=20`],
    keeper: [
      'search "lighthouse keeper"',
      `${api}/list-search?query=lighthouse%20keeper&page=1&page_size=20`,
    ],
  };
  const modes = [
    ['cache on (memory, LIST_CACHE_SECONDS=10)', { LIST_CACHE_SECONDS: '10' }],
    ['cache off (LIST_CACHE_SECONDS=0)', { LIST_CACHE_SECONDS: '0' }],
    ...(process.env.BENCH_REDIS_URL
      ? [
          [
            'cache on (Redis, LIST_CACHE_SECONDS=10)',
            { LIST_CACHE_SECONDS: '10', REDIS_URL: process.env.BENCH_REDIS_URL },
          ],
        ]
      : []),
  ];
  const summary = {};
  for (const [mode, env] of modes) {
    server = spawnServer(port, dataDir, { DATABASE_URL: database.url, ...env });
    await waitForServer(base);
    const headers = { cookie: await touristCookie(base, 'C') };
    const one = {};
    const many = {};
    for (const [key, [name, url]] of Object.entries(calls)) {
      await load(url, headers, CONNECTIONS, 1); // warm-up: the JIT, the pool, the cache
      one[name] = await load(url, headers, 1, SECONDS);
      many[name] = await load(url, headers, CONNECTIONS, SECONDS);
      many[name].ratio = +(many[name].rps / many[calls.bare[0]].rps).toFixed(3);
      summary[mode] ??= {};
      summary[mode][key] = { ratio: many[name].ratio, p95One: one[name].p95 };
    }
    await stop(server);
    console.log(`\n== ${mode}: ${COUNT} characters on PostgreSQL, load from autocannon in its own process`);
    console.log('One client, back to back for', SECONDS, 's (ms):');
    console.table(
      Object.fromEntries(
        Object.entries(one).map(([k, v]) => [k, { rps: v.rps, p50: v.p50, p95: v.p95, errors: v.errors }]),
      ),
    );
    console.log(`${CONNECTIONS} concurrent clients for ${SECONDS} s (ratio: rps / bare route's rps):`);
    console.table(many);
  }
  const on = summary[modes[0][0]];
  const lists = ['hot', 'hot50', 'tag', 'filtered', 'new'];
  const worstList = Math.min(...lists.map((k) => on[k].ratio));
  const worstSearch = Math.min(on.mira.ratio, on.keeper.ratio);
  const worstP95 = Math.max(...[...lists, 'mira', 'keeper'].map((k) => on[k].p95One));
  console.log(
    `\nTargets (issue 23), cache on: lists >= 0.25 of the bare route: ${worstList} ${worstList >= 0.25 ? 'met' : 'NOT met'}`,
  );
  console.log(`  search >= 0.1: ${worstSearch} ${worstSearch >= 0.1 ? 'met' : 'NOT met'}`);
  console.log(`  one-client p95 < 10 ms: ${worstP95} ms ${worstP95 < 10 ? 'met' : 'NOT met'}`);
} finally {
  await stop(server);
  if (!KEEP) await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
