// Shared by the benchmarks: a closed-loop load generator, percentiles and scratch databases.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { externalNpm } from '../apps/server/external-npm.mjs';

/** The repository. */
const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Settings every benchmarked server gets: the load comes from one address, which the site's
 * per-network limits would turn away (429) long before the figures mean anything. The limits
 * themselves are proven by the tests (docs/security.md), not measured here.
 */
export const BENCH_LIMITS = {
  RATE_LIMIT_SCALE: '10000',
  TOURISTS_PER_NETWORK_HOUR: '1000000',
  TOURISTS_PER_NETWORK_DAY: '1000000',
  TOURIST_CREDITS_PER_NETWORK_DAY: '1000000000',
};

export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** `concurrency` clients calling `url` back to back for `durationMs`; envelope errors counted. */
export async function load(url, headers, { concurrency = 16, durationMs = 3000 } = {}) {
  const latencies = [];
  const end = Date.now() + durationMs;
  let errors = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        const t = performance.now();
        const res = await fetch(url, { headers });
        const body = await res.json();
        if (body.code !== undefined && body.code !== 0) errors += 1;
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rps: Math.round(latencies.length / (durationMs / 1000)),
    p50: +percentile(latencies, 50).toFixed(2),
    p95: +percentile(latencies, 95).toFixed(2),
    errors,
  };
}

/** Waits for `${base}/healthz`; the first start seeds the catalogue, so allow a minute. */
export async function waitForServer(base, tries = 600) {
  for (let i = 0; i < tries; i += 1) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

/**
 * A PostgreSQL database of the benchmark's own on BENCH_PG_URL's server (default the local
 * one), named `name` (default the prefix and this process's id): `url` to give the server,
 * `create()` before, `drop()` after (never throws), `exists()`.
 */
export function scratchDatabase(prefix, name = `${prefix}_${process.pid}`) {
  const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  async function admin(sql) {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  }
  return {
    url: url.toString(),
    create: () => admin(`CREATE DATABASE ${name}`),
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined),
    async exists() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        return found.rowCount > 0;
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * Bundles `contents` (TypeScript importing the workspace packages) with esbuild, the server's
 * own bundler, and imports it: for benchmarks of engine code without a server. npm
 * dependencies stay external and load from the workspace's node_modules.
 */
export async function importBundled(contents) {
  const { build } = await import('esbuild');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumi-bench-bundle-'));
  const out = path.join(dir, 'bundle.mjs');
  await build({
    stdin: { contents, resolveDir: ROOT },
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: out,
    logLevel: 'error',
    plugins: [externalNpm],
  });
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  return { module: await import(out), cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** The built server's entry point. */
export const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/main.js');

/** Exits asking for a build when any of these built files (paths under the repository) is missing. */
export function requireBuilt(...files) {
  if (!files.every((file) => fs.existsSync(path.join(ROOT, file)))) {
    console.error('Build first: npm run build');
    process.exit(1);
  }
}

/**
 * The built server on `port` with BENCH_LIMITS, `dataDir` and `env`, its output on this terminal.
 */
export function spawnServer(port, dataDir, env = {}) {
  return spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      ...process.env,
      ...BENCH_LIMITS,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/**
 * The built site (server and web) on a fresh data directory, on a port of this process, with
 * BENCH_LIMITS and `env`; exits asking for a build when either half is missing. `stop()` ends
 * the server and removes the directory.
 */
export function startBuiltSite(name, env = {}) {
  requireBuilt('apps/server/dist/main.js', 'apps/web/dist/index.html');
  const port = 9300 + (process.pid % 500);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `lumi-${name}-`));
  const server = spawnServer(port, dataDir, env);
  return {
    base: `http://127.0.0.1:${port}`,
    server,
    dataDir,
    stop() {
      server.kill('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A new tourist's session cookie (spec §4 login, type 0) on `base`. */
export async function touristCookie(base, letter = 'B') {
  const code = letter.repeat(20) + String(Date.now()).padStart(20, '0');
  const login = await fetch(`${base}/cgi-bin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `type=0&code=${code}`,
  });
  return `ticket=${(await login.json()).data.ticket}`;
}

/**
 * The newest character a visitor without adult content sees (the seeded catalogue's chats are
 * measured on one of these: an adult one shows only its 18+ notice to a tourist).
 */
export async function visibleCharacterId(base) {
  const headers = { cookie: await touristCookie(base) };
  const list = await fetch(`${base}/cgi-bin/auth/character/list?sort=new&page=1&page_size=20`, { headers });
  const character = (await list.json()).data.characters.find((c) => !c.NSFW);
  if (!character) throw new Error('no character a tourist can open');
  return character.id;
}

/**
 * A local OpenAI-compatible chat backend: every request is answered, after `delayMs`, with
 * `pieces` streamed as `delta.content` chunks `intervalMs` apart, then `finish_reason: stop`
 * and `[DONE]`. Resolves with its base URL (for LLM_BASE_URL) and the server.
 */
export async function startOpenAiStream(pieces, { delayMs = 0, intervalMs = 5 } = {}) {
  const chunk = (delta, finish) =>
    `data: ${JSON.stringify({ choices: [{ index: 0, delta, ...(finish ? { finish_reason: finish } : {}) }] })}\n\n`;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        let i = 0;
        const tick = () => {
          if (i < pieces.length) {
            res.write(chunk({ content: pieces[i] }));
            i += 1;
            setTimeout(tick, intervalMs);
          } else {
            res.write(chunk({}, 'stop'));
            res.end('data: [DONE]\n\n');
          }
        };
        tick();
      }, delayMs);
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${server.address().port}/v1`, server };
}

/**
 * A visitor's chat with a seeded character on a running site (`letter` names the tourist):
 * its cookie, JSON headers, the character and the conversation.
 */
export async function openChat(base, letter) {
  const cookie = await touristCookie(base, letter);
  const json = { cookie, 'content-type': 'application/json' };
  const characterId = await visibleCharacterId(base);
  const opened = await (
    await fetch(`${base}/cgi-bin/auth/character_msg/add`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ characterId }),
    })
  ).json();
  return { cookie, json, characterId, conversationId: opened.data.conversation.id };
}

/**
 * One streamed reply of that chat: ms to the first delta and to the end, the stored reply's id,
 * and what `onStart` gave (it runs at the stream's first byte).
 */
export async function streamedReply(base, chat, content, onStart) {
  const t = performance.now();
  const res = await fetch(`${base}/cgi-bin/auth/aigc/text`, {
    method: 'POST',
    headers: { ...chat.json, accept: 'text/event-stream' },
    body: JSON.stringify({ characterId: chat.characterId, conversationId: chat.conversationId, content }),
  });
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let first;
  let started;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    if (!started) started = onStart?.();
    text += decoder.decode(value, { stream: true });
    if (first === undefined && text.includes('event: delta')) first = performance.now() - t;
  }
  const done = /event: done\ndata: (.*)\n/.exec(text);
  if (!done) throw new Error(`reply failed: ${text.slice(0, 300)}`);
  return { first, total: performance.now() - t, id: JSON.parse(done[1]).message.id, started };
}

/** "p50 / p95" of a list of ms. */
export function p50p95(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return `${percentile(s, 50).toFixed(1)} / ${percentile(s, 95).toFixed(1)}`;
}
