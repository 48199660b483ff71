// npm run cluster: the scale-out configuration on one machine (docs/deploy.md). PostgreSQL
// (DATABASE_URL, or the machine's), Redis (REDIS_URL, or the machine's), an S3-compatible store
// (S3rver, its own process), CLUSTER_APIS API processes with RUN_WORKERS=false behind Debian's
// nginx on CLUSTER_PORT, and CLUSTER_WORKERS `npm run worker` processes. A process that dies is
// started again after a second, as a process manager would; Ctrl-C stops them all.
// Where each process is (pids, ports, metrics ports) is kept in CLUSTER_DIR/cluster.json.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const ROOT = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.CLUSTER_PORT ?? 8080);
const APIS = Number(process.env.CLUSTER_APIS ?? 2);
const WORKERS = Number(process.env.CLUSTER_WORKERS ?? 2);
const DIR = path.resolve(process.env.CLUSTER_DIR ?? path.join(ROOT, 'data/cluster'));
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/lumi_cluster';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const S3_PORT = PORT + 9;
const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

const log = (msg) => process.stdout.write(`[cluster] ${msg}\n`);

function fail(msg) {
  process.stderr.write(`[cluster] ${msg}\n`);
  process.exit(1);
}

/** The built server and web, built once when missing. */
function ensureBuilt() {
  const built = ['apps/server/dist/main.js', 'apps/server/dist/worker.js', 'apps/web/dist/index.html'];
  if (built.every((f) => fs.existsSync(path.join(ROOT, f)))) return;
  log('building (npm run build)');
  const run = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (run.status !== 0) fail('the build failed');
}

/** Debian's nginx, installed by apt where missing (as root). */
function ensureNginx() {
  if (fs.existsSync(NGINX)) return;
  if (process.getuid?.() !== 0)
    fail(`${NGINX} is missing: apt-get install nginx (as root), or set NGINX_BIN`);
  log("installing Debian's nginx");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const run = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'nginx'], {
    stdio: 'inherit',
    env,
  });
  if (run.status !== 0 || !fs.existsSync(NGINX)) fail('could not install nginx');
}

/** The database, made on its server when it does not exist yet. */
async function ensureDatabase() {
  const url = new URL(DATABASE_URL);
  const name = decodeURIComponent(url.pathname.slice(1));
  const admin = new URL(DATABASE_URL);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      log(`creating database ${name}`);
      await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
    }
  } finally {
    await client.end();
  }
}

function nginxConfig() {
  const template = fs.readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
  const servers = Array.from(
    { length: APIS },
    (_, i) => `    server 127.0.0.1:${PORT + 1 + i} max_fails=1 fail_timeout=5s;`,
  ).join('\n');
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    fs.mkdirSync(path.join(DIR, 'nginx', sub), { recursive: true });
  }
  const file = path.join(DIR, 'nginx.conf');
  fs.writeFileSync(
    file,
    template
      // As root, nginx's workers would become `nobody`, who may not write to CLUSTER_DIR.
      .replace('{{USER}}', process.getuid?.() === 0 ? 'user root;' : '')
      .replaceAll('{{DIR}}', DIR)
      .replaceAll('{{PORT}}', String(PORT))
      .replaceAll('{{S3_PORT}}', String(S3_PORT))
      .replace('{{API_SERVERS}}', servers),
  );
  return file;
}

const PUBLIC = `http://127.0.0.1:${PORT}`;
const shared = {
  ...process.env,
  NODE_ENV: process.env.NODE_ENV ?? 'production',
  DATABASE_URL,
  REDIS_URL,
  S3_ENDPOINT: `http://127.0.0.1:${S3_PORT}`,
  S3_BUCKET: 'lumi',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_PUBLIC_URL: `${PUBLIC}/s3/lumi`,
  PUBLIC_URL: process.env.PUBLIC_URL ?? PUBLIC,
  TRUST_PROXY: '127.0.0.1',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
};

/** What runs: name, command and settings of each process. */
const specs = [
  {
    name: 's3',
    args: [path.join(ROOT, 'deploy/s3-store.mjs')],
    env: { ...process.env, S3_PORT: String(S3_PORT), S3_DIR: path.join(DIR, 's3') },
    ready: `http://127.0.0.1:${S3_PORT}/lumi?max-keys=1`,
  },
  ...Array.from({ length: APIS }, (_, i) => ({
    name: `api-${i + 1}`,
    port: PORT + 1 + i,
    args: [path.join(ROOT, 'apps/server/dist/main.js')],
    env: {
      ...shared,
      HOST: '127.0.0.1',
      PORT: String(PORT + 1 + i),
      RUN_WORKERS: 'false',
      DATA_DIR: path.join(DIR, `api-${i + 1}`),
      // Prometheus scrapes each process on its own metrics port (docs/deploy.md).
      METRICS_PORT: String(PORT + 20 + i),
    },
    metricsPort: PORT + 20 + i,
    ready: `http://127.0.0.1:${PORT + 1 + i}/readyz`,
  })),
  ...Array.from({ length: WORKERS }, (_, i) => ({
    name: `worker-${i + 1}`,
    args: [path.join(ROOT, 'apps/server/dist/worker.js')],
    env: { ...shared, DATA_DIR: path.join(DIR, `worker-${i + 1}`), METRICS_PORT: String(PORT + 30 + i) },
    metricsPort: PORT + 30 + i,
    // A worker has no other port: ready when its metrics port says the database, Redis and the
    // store answer.
    ready: `http://127.0.0.1:${PORT + 30 + i}/readyz`,
  })),
  {
    name: 'nginx',
    command: NGINX,
    args: () => ['-p', DIR, '-c', nginxConfig(), '-e', path.join(DIR, 'nginx-error.log')],
    env: process.env,
    ready: `${PUBLIC}/healthz`,
  },
];

const running = new Map();
let stopping = false;

function writeState() {
  const processes = specs.map((s) => ({
    name: s.name,
    pid: running.get(s.name)?.pid,
    port: s.port,
    metricsPort: s.metricsPort,
  }));
  fs.writeFileSync(
    path.join(DIR, 'cluster.json'),
    JSON.stringify({ url: PUBLIC, pid: process.pid, databaseUrl: DATABASE_URL, processes }, null, 2),
  );
}

async function waitFor(url, child, seconds = 180) {
  for (let i = 0; i < seconds * 10; i++) {
    if (child.exitCode !== null) return false;
    try {
      const res = await fetch(url);
      if (res.ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

/** Starts a process (again), its output in CLUSTER_DIR/<name>.log; resolves when it answers. */
async function start(spec) {
  if (spec.env.DATA_DIR) fs.mkdirSync(spec.env.DATA_DIR, { recursive: true });
  const out = fs.openSync(path.join(DIR, `${spec.name}.log`), 'a');
  const args = typeof spec.args === 'function' ? spec.args() : spec.args;
  const child = spawn(spec.command ?? process.execPath, args, { env: spec.env, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  running.set(spec.name, child);
  writeState();
  const started = Date.now();
  child.once('exit', (code, signal) => {
    if (stopping) return;
    log(`${spec.name} (pid ${child.pid}) exited (${signal ?? code}); starting it again in 1 s`);
    setTimeout(() => {
      if (!stopping) void start(spec).catch((err) => log(`${spec.name}: ${err.message}`));
    }, 1000);
  });
  if (spec.ready && !(await waitFor(spec.ready, child))) {
    throw new Error(`${spec.name} did not come up: see ${path.join(DIR, `${spec.name}.log`)}`);
  }
  log(
    `${spec.name} up (pid ${child.pid}${spec.port ? `, port ${spec.port}` : ''}) in ${Date.now() - started} ms`,
  );
  return child;
}

async function stopAll() {
  if (stopping) return;
  stopping = true;
  // The proxy first, then the processes behind it, the store last.
  const order = [...specs].reverse();
  for (const spec of order) {
    const child = running.get(spec.name);
    if (!child || child.exitCode !== null || child.signalCode !== null) continue;
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill(spec.name === 'nginx' ? 'SIGQUIT' : 'SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 12_000).unref();
    });
  }
  log('stopped');
}

async function main() {
  fs.mkdirSync(DIR, { recursive: true });
  ensureBuilt();
  ensureNginx();
  await ensureDatabase();
  process.on('SIGINT', () => void stopAll().then(() => process.exit(0)));
  process.on('SIGTERM', () => void stopAll().then(() => process.exit(0)));
  // One after the other: the first API process migrates (and seeds) the database.
  for (const spec of specs) await start(spec);
  log(`ready at ${PUBLIC} (${APIS} API processes, ${WORKERS} workers; logs in ${DIR})`);
}

main().catch(async (err) => {
  process.stderr.write(`[cluster] ${err.stack ?? err}\n`);
  await stopAll();
  process.exit(1);
});
