// npm run cluster:check (CI): the cluster of deploy/cluster.mjs on a fresh database, the e2e
// smoke tests (@cluster) through its proxy, then a load run from a process of its own
// (cluster-load.mjs) during which one API process and one worker are killed with SIGKILL and
// started again. Then it holds the run to: no job lost (each one finished, once), no credit
// spent twice, every bucket's balance equal to its ledger, and no failed request but those in
// flight on the killed API process. Prints the figures; exits 1 on any breach.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import pg from 'pg';
import { startOpenAiStream } from '../bench/lib.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.CLUSTER_CHECK_PORT ?? 8700);
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION_MS = Number(process.env.CLUSTER_LOAD_MS ?? 30_000);
const DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'lumi-cluster-check-'));
const adminUrl = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const dbName = `lumi_cluster_check_${process.pid}`;
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;
adminUrl.pathname = '/postgres';

const say = (msg) => process.stdout.write(`[cluster:check] ${msg}\n`);
const problems = [];
const expect = (ok, msg) => {
  if (!ok) problems.push(msg);
};

async function admin(sql) {
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The cluster, with the settings the e2e tests expect; resolves once it says it is ready. */
function startCluster(llm) {
  const child = spawn(process.execPath, [path.join(ROOT, 'deploy/cluster.mjs')], {
    env: {
      ...process.env,
      CLUSTER_PORT: String(PORT),
      CLUSTER_DIR: DIR,
      DATABASE_URL: dbUrl.toString(),
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      NODE_ENV: 'development',
      DEV_OUTBOX: 'true',
      LOG_LEVEL: 'warn',
      CHARACTER_AUTO_APPROVE: 'true',
      ADMIN_EMAILS: 'admin@e2e.test,operator@e2e.test',
      // All the load comes from one address (as in the e2e and bench runs).
      RATE_LIMIT_SCALE: '10000',
      TOURISTS_PER_NETWORK_HOUR: '1000000',
      TOURISTS_PER_NETWORK_DAY: '1000000',
      TOURIST_CREDITS_PER_NETWORK_DAY: '1000000000',
      // Chat replies from an OpenAI-compatible server (a stand-in for the GPU servers), so they
      // are paid for (the offline demo engine's are free).
      LLM_BASE_URL: llm,
      LLM_MODEL: 'stand-in',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout });
  const log = [];
  return new Promise((resolve, reject) => {
    lines.on('line', (line) => {
      log.push({ at: Date.now(), line });
      process.stdout.write(`${line}\n`);
      if (line.includes('ready at')) resolve({ child, log });
    });
    child.once('exit', (code) => reject(new Error(`the cluster exited (${code})`)));
  });
}

const state = () => JSON.parse(fs.readFileSync(path.join(DIR, 'cluster.json'), 'utf8'));
const pidOf = (name) => state().processes.find((p) => p.name === name).pid;

function pct(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN;
}

/** The proxy's log lines, by request id: start and end (ms), status, the upstreams tried. */
function proxyLog() {
  const byId = new Map();
  for (const line of fs.readFileSync(path.join(DIR, 'access.log'), 'utf8').split('\n')) {
    const m = /^(\d+\.\d+) (\d+\.\d+) (\d+) (.*?) "(.*?)" (\S+) "/.exec(line);
    if (!m) continue;
    const end = Number(m[1]) * 1000;
    byId.set(m[6], { end, start: end - Number(m[2]) * 1000, status: Number(m[3]), upstreams: m[4] });
  }
  return byId;
}

/** CPU seconds a process has used (Linux /proc), for the sizing figures. */
function cpuSeconds(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** Whether something listens on 127.0.0.1:`port` (or any address), from /proc/net/tcp and tcp6. */
function listening(port) {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    // Fields: sl, local address:port, remote address:port, state (0A = LISTEN), ...
    for (const line of text.split('\n').slice(1)) {
      const [, local, , st] = line.trim().split(/\s+/);
      if (local?.endsWith(hex) && st === '0A') return true;
    }
  }
  return false;
}

/**
 * When a killed API process is really gone: a SIGKILL is not instant (the kernel tears down its
 * threads and heap first, its leader showing as a zombie early on), and until its listening
 * socket closes the kernel still accepts connections on its port that nothing will answer. Gone =
 * nothing listens on its port any more (the supervisor starts it again only a second later).
 */
async function goneAt(port) {
  const until = Date.now() + 5000;
  while (listening(port) && Date.now() < until) await new Promise((r) => setTimeout(r, 2));
  return Date.now();
}

async function runLoad(kills) {
  const out = path.join(DIR, 'load.json');
  const load = spawn(process.execPath, [path.join(ROOT, 'deploy/cluster-load.mjs')], {
    env: { ...process.env, BASE, OUT: out, DURATION_MS: String(DURATION_MS) },
    stdio: 'inherit',
  });
  const exited = new Promise((resolve) => load.once('exit', resolve));
  // The processes that are not killed: what one API process and one worker carry.
  const watched = ['api-2', 'worker-2'].map((name) => ({ name, pid: pidOf(name) }));
  for (const w of watched) w.cpu0 = cpuSeconds(w.pid);
  const timers = kills.map((kill) =>
    setTimeout(() => {
      kill.pid = pidOf(kill.name);
      kill.port = state().processes.find((p) => p.name === kill.name).port;
      kill.at = Date.now();
      process.kill(kill.pid, 'SIGKILL');
      say(`SIGKILL ${kill.name} (pid ${kill.pid})`);
      if (kill.port) void goneAt(kill.port).then((t) => (kill.goneAt = t));
    }, kill.afterMs),
  );
  const code = await exited;
  timers.forEach(clearTimeout);
  if (code !== 0) throw new Error(`the load generator failed (${code})`);
  const run = JSON.parse(fs.readFileSync(out, 'utf8'));
  for (const w of watched) w.cores = (cpuSeconds(w.pid) - w.cpu0) / ((run.ended - run.started) / 1000);
  return { ...run, watched };
}

async function drained(db, seconds = 150) {
  for (let i = 0; i < seconds; i++) {
    const { rows } = await db.query(
      `SELECT count(*)::int AS n FROM jobs WHERE state IN ('queued', 'running')`,
    );
    if (rows[0].n === 0) return i;
    await new Promise((r) => setTimeout(r, 1000));
  }
  return -1;
}

async function check(run, kills, db) {
  const { records, users } = run;
  const seconds = (run.ended - run.started) / 1000;
  const proxy = proxyLog();
  const api = kills.find((k) => k.name.startsWith('api'));
  // Failed requests: each must have been in flight on the killed API process when it died:
  // sent to it before it was gone (its sockets closed), and ended after the signal.
  const failed = records.filter((r) => r.outcome === 'failed');
  const died = api.goneAt ?? api.at;
  const strays = failed.filter((r) => {
    const seen = proxy.get(r.rid);
    return !(
      seen &&
      seen.upstreams.includes(`:${api.port}`) &&
      seen.start <= died + 10 &&
      seen.end >= api.at - 50
    );
  });
  expect(
    strays.length === 0,
    `${strays.length} failed requests not in flight on ${api.name} (killed at ${api.at}, gone at ${died}): ${JSON.stringify(strays.slice(0, 5).map((r) => ({ ...r, proxy: proxy.get(r.rid) })))}`,
  );
  const proxyFailures = [...proxy.values()].filter((l) => l.status >= 500).length;

  // Jobs: none left waiting or running, every one the clients were given is there and finished.
  const wait = await drained(db);
  expect(wait >= 0, 'jobs still waiting or running 150 s after the load');
  const given = records.filter((r) => r.jobId).map((r) => r.jobId);
  const { rows: jobs } = await db.query(
    `SELECT id, state, attempts, cost, spend_op FROM jobs WHERE user_id = ANY($1::uuid[])`,
    [users.map((u) => u.uid)],
  );
  const jobById = new Map(jobs.map((j) => [j.id, j]));
  const lost = given.filter((id) => !['done', 'failed'].includes(jobById.get(id)?.state));
  expect(lost.length === 0, `${lost.length} jobs lost: ${lost.slice(0, 5)}`);

  // Credits: each job's spend once, each failed job's refund once, each bucket equal to its ledger.
  const { rows: badSpends } = await db.query(`
    SELECT j.id FROM jobs j
    LEFT JOIN (SELECT operation_id, sum(delta)::int AS s, count(*)::int AS n FROM credit_entries WHERE kind = 'spend' GROUP BY 1) e
      ON e.operation_id = j.spend_op
    WHERE j.cost > 0 AND (e.s IS DISTINCT FROM -j.cost)`);
  expect(badSpends.length === 0, `${badSpends.length} jobs not charged exactly once`);
  const { rows: badRefunds } = await db.query(`
    SELECT j.id, j.state, coalesce(r.s, 0) AS refunded FROM jobs j
    LEFT JOIN (SELECT refund_of, sum(delta)::int AS s FROM credit_entries WHERE kind = 'refund' GROUP BY 1) r
      ON r.refund_of = j.spend_op
    WHERE j.cost > 0 AND coalesce(r.s, 0) <> CASE WHEN j.state = 'failed' THEN j.cost ELSE 0 END`);
  expect(
    badRefunds.length === 0,
    `${badRefunds.length} jobs refunded wrongly: ${JSON.stringify(badRefunds.slice(0, 5))}`,
  );
  const { rows: badBuckets } = await db.query(`
    SELECT b.id FROM credit_buckets b
    JOIN (SELECT bucket_id, sum(delta)::int AS s FROM credit_entries GROUP BY 1) e ON e.bucket_id = b.id
    WHERE b.remaining <> e.s`);
  expect(badBuckets.length === 0, `${badBuckets.length} buckets differ from their ledger`);

  // Chat: one spend per question stored (they share a transaction), between the replies the
  // clients saw and those plus the ones cut on the killed process.
  const { rows: chat } = await db.query(
    `SELECT
       (SELECT count(DISTINCT operation_id)::int FROM credit_entries WHERE kind = 'spend' AND reason = 'chat' AND user_id = ANY($1::uuid[])) AS spends,
       (SELECT count(DISTINCT refund_of)::int FROM credit_entries WHERE kind = 'refund' AND reason LIKE 'chat%' AND user_id = ANY($1::uuid[])) AS refunds,
       (SELECT count(*)::int FROM chat_messages m JOIN conversations c ON c.id = m.conversation_id
         WHERE m.role = 'user' AND c.user_id = ANY($1::uuid[])) AS questions`,
    [users.map((u) => u.uid)],
  );
  const chatOk = records.filter((r) => r.kind === 'chat' && r.outcome === 'ok').length;
  const chatCut = failed.filter((r) => r.kind === 'chat').length;
  const { spends, refunds, questions } = chat[0];
  expect(spends === questions, `chat: ${spends} spends for ${questions} questions`);
  expect(
    spends - refunds >= chatOk && spends - refunds <= chatOk + chatCut,
    `chat: ${spends - refunds} paid replies, the clients saw ${chatOk} (+${chatCut} cut)`,
  );

  // What each visitor is told matches the ledger.
  let balances = 0;
  for (const user of users) {
    const told = (
      await (await fetch(`${BASE}/cgi-bin/auth/credit/remain`, { headers: { cookie: user.cookie } })).json()
    ).data;
    const { rows } = await db.query(
      `SELECT coalesce(sum(remaining), 0)::int AS n FROM credit_buckets WHERE user_id = $1 AND expires_at > now()`,
      [user.uid],
    );
    // A visitor who has not spent today has no bucket for today yet: the day's free credits.
    const { rows: today } = await db.query(
      `SELECT 1 FROM credit_buckets WHERE user_id = $1 AND kind = 'daily' AND expires_at > now()`,
      [user.uid],
    );
    const expected = rows[0].n + (today.length ? 0 : told.daily_free);
    if (told.remain === expected) balances += 1;
    else problems.push(`user ${user.uid}: told ${JSON.stringify(told)}, ledger ${rows[0].n}`);
  }

  // Every process answers Prometheus on its metrics port; the queue it reports is empty.
  const scraped = [];
  for (const proc of state().processes.filter((p) => p.metricsPort)) {
    const text = await (await fetch(`http://127.0.0.1:${proc.metricsPort}/metrics`)).text().catch(() => '');
    const sum = (metric) =>
      [...text.matchAll(new RegExp(`^${metric}(?:\\{[^}]*\\})? (\\S+)$`, 'gm'))].reduce(
        (n, m) => n + Number(m[1]),
        0,
      );
    expect(text.includes('lumi_jobs_queued'), `${proc.name}: no metrics on port ${proc.metricsPort}`);
    expect(sum('lumi_jobs_queued') === 0, `${proc.name}: the metrics say jobs are still queued`);
    scraped.push(
      `${proc.name} ${sum('lumi_http_requests_total')} requests, ${sum('lumi_job_run_duration_seconds_count')} jobs`,
    );
  }

  const byKind = (kind) => records.filter((r) => r.kind === kind);
  const line = (kind) => {
    const rs = byKind(kind);
    const ms = rs.filter((r) => r.outcome === 'ok').map((r) => r.t1 - r.t0);
    return `${kind.padEnd(6)} ${String(rs.length).padStart(6)} calls, ${rs.filter((r) => r.outcome === 'ok').length} ok, ${rs.filter((r) => r.outcome === 'refused').length} refused, ${rs.filter((r) => r.outcome === 'failed').length} failed; p50 ${pct(ms, 50)} ms, p95 ${pct(ms, 95)} ms`;
  };
  const retried = jobs.filter((j) => j.attempts > 1).length;
  const [api2, worker2] = run.watched;
  const api2Port = state().processes.find((p) => p.name === 'api-2').port;
  const served = [...proxy.values()].filter(
    (l) => l.upstreams.endsWith(`:${api2Port}`) && l.start >= run.started && l.end <= run.ended,
  ).length;
  const { rows: ran } = await db.query(
    `SELECT count(*)::int AS n FROM jobs WHERE worker LIKE $1 AND finished_at BETWEEN to_timestamp($2 / 1000.0) AND to_timestamp($3 / 1000.0)`,
    [`w-${worker2.pid}-%`, run.started, run.ended],
  );
  say('figures');
  console.log(
    [
      `load: ${records.length} requests in ${seconds.toFixed(1)} s (${Math.round(records.length / seconds)}/s) through nginx, ${users.length} visitors`,
      line('list'),
      line('chat'),
      line('image'),
      `killed: ${kills.map((k) => `${k.name} at ${((k.at - run.started) / 1000).toFixed(1)} s (gone ${k.goneAt ? k.goneAt - k.at : '?'} ms after the signal)`).join(', ')}`,
      `failed requests: ${failed.length}, all in flight on ${api.name}: ${strays.length === 0} (proxy 5xx: ${proxyFailures})`,
      `jobs: ${jobs.length} made, ${jobs.filter((j) => j.state === 'done').length} done, ${jobs.filter((j) => j.state === 'failed').length} failed and refunded, ${retried} retried after their worker died; queue empty ${wait} s after the load`,
      `api-2: ${(served / seconds).toFixed(1)} requests/s on ${api2.cores.toFixed(2)} of a core; worker-2: ${ran[0].n} jobs in ${seconds.toFixed(0)} s on ${worker2.cores.toFixed(2)} of a core (the machine's ${os.cpus().length} cores shared by all)`,
      `metrics (since each process's start): ${scraped.join('; ')}`,
      `credits: ${badSpends.length} jobs charged other than once, ${badRefunds.length} refunded wrongly, ${badBuckets.length} buckets off their ledger; chat ${spends} spends = ${questions} questions; ${balances}/${users.length} balances exact`,
    ].join('\n'),
  );
}

async function main() {
  await admin(`CREATE DATABASE ${dbName}`);
  let cluster;
  let stopLlm = () => undefined;
  const db = new pg.Client({ connectionString: dbUrl.toString() });
  try {
    const llm = await startOpenAiStream(
      'Hello there, I am glad you came by tonight and I have a story to tell you.'.split(/(?= )/),
      { delayMs: 150, intervalMs: 40 },
    );
    stopLlm = () => llm.server.close();
    cluster = await startCluster(llm.url);
    await db.connect();
    say('e2e smoke tests (@cluster) through the proxy');
    const smoke = spawnSync('npx', ['playwright', 'test', '--grep', '@cluster'], {
      cwd: path.join(ROOT, 'e2e'),
      stdio: 'inherit',
      env: { ...process.env, E2E_BASE_URL: BASE },
    });
    expect(smoke.status === 0, 'the e2e smoke tests through the proxy failed');
    say(`load for ${DURATION_MS / 1000} s, killing api-1 and worker-1 on the way`);
    const kills = [
      { name: 'api-1', afterMs: Math.round(DURATION_MS * 0.35) },
      { name: 'worker-1', afterMs: Math.round(DURATION_MS * 0.5) },
    ];
    const run = await runLoad(kills);
    await check(run, kills, db);
  } finally {
    await db.end().catch(() => undefined);
    if (cluster) {
      cluster.child.kill('SIGTERM');
      await new Promise((r) => cluster.child.once('exit', r));
    }
    stopLlm();
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    if (!process.env.CLUSTER_KEEP) fs.rmSync(DIR, { recursive: true, force: true });
  }
  if (problems.length) {
    say(`FAILED:\n- ${problems.join('\n- ')}`);
    process.exit(1);
  }
  say('passed');
}

main().catch((err) => {
  process.stderr.write(`[cluster:check] ${err.stack ?? err}\n`);
  process.exit(1);
});
