// Streamed chat through the site (issue 4): a local OpenAI-compatible server answers after a
// fixed delay; we compare the time to the first content chunk calling it directly with the time
// to the first `delta` event through POST /cgi-bin/auth/aigc/text, warm and cold (see bench()),
// and run 50 concurrent streamed chats. Run on the embedded database (PGlite) and on PostgreSQL
// (a fresh database on BENCH_PG_URL, default the local server); credits set high so the bench
// is not refused. Issue 18: the same, warm, with the offline moderation floor turned off, to
// show what moderation adds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  percentile,
  requireBuilt,
  scratchDatabase,
  spawnServer,
  startOpenAiStream,
  touristCookie,
  waitForServer,
} from './lib.mjs';

requireBuilt('apps/server/dist/main.js');
const FIRST_BYTE_DELAY_MS = 50;
const CHUNKS = 20;

// The backend: waits FIRST_BYTE_DELAY_MS, then streams CHUNKS words 5 ms apart.
const { url: backendUrl, server: backend } = await startOpenAiStream(
  Array.from({ length: CHUNKS }, (_, i) => ` word${i}`),
  { delayMs: FIRST_BYTE_DELAY_MS, intervalMs: 5 },
);

/** ms until the first content: a `data:` chunk with content (direct) or an `event: delta`. */
async function firstContent(url, init, marker) {
  const t = performance.now();
  const res = await fetch(url, init);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let first;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (first === undefined && text.includes(marker)) first = performance.now() - t;
  }
  return { first, total: performance.now() - t, text };
}

const SAMPLES = 150;

/** Starts the built server on `dataDir` (PGlite's files, or nothing on PostgreSQL). */
async function startServer(port, dataDir, extraEnv) {
  const base = `http://127.0.0.1:${port}`;
  const server = spawnServer(port, dataDir, {
    LLM_BASE_URL: backendUrl,
    DAILY_FREE_CREDITS: '100000',
    ...extraEnv,
  });
  try {
    await waitForServer(base);
  } catch (err) {
    server.kill('SIGTERM');
    throw err;
  }
  return {
    base,
    stop: async () => {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    },
  };
}

/**
 * One visitor chats with a seeded character as the page does: opens the chat (the greeting),
 * then sends with the conversation and the character; the conversation grows to about 300
 * messages over the run. Each send through the site is paired with a direct call.
 */
async function measure(label, base, { concurrent }) {
  const cookie = await touristCookie(base, 'D');
  const list = await (
    await fetch(`${base}/cgi-bin/auth/character/list?page_size=1`, { headers: { cookie } })
  ).json();
  const characterId = list.data.characters[0].id;
  const opened = await (
    await fetch(`${base}/cgi-bin/auth/character_msg/add`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ characterId }),
    })
  ).json();
  const conversationId = opened.data.conversation.id;
  const direct = () =>
    firstContent(
      `${backendUrl}/chat/completions`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'm', stream: true, messages: [{ role: 'user', content: 'hi' }] }),
      },
      '"content"',
    );
  const site = () =>
    firstContent(
      `${base}/cgi-bin/auth/aigc/text`,
      {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ characterId, conversationId, content: 'Hello there, how are you tonight?' }),
      },
      'event: delta',
    );
  for (let i = 0; i < 5; i++) {
    await direct();
    await site();
  }
  const d = [];
  const s = [];
  const whole = [];
  for (let i = 0; i < SAMPLES; i++) {
    d.push((await direct()).first);
    const sent = await site();
    s.push(sent.first);
    whole.push(sent.total);
  }
  d.sort((a, b) => a - b);
  s.sort((a, b) => a - b);
  whole.sort((a, b) => a - b);
  const row = (xs) => ({ p50: +percentile(xs, 50).toFixed(2), p95: +percentile(xs, 95).toFixed(2) });
  console.log(
    `\n${label}: time to first content, one chat at a time, ${SAMPLES} each (ms), backend delay ${FIRST_BYTE_DELAY_MS} ms:`,
  );
  console.table({ 'backend directly': row(d), 'through the site': row(s) });
  console.log(
    `added: p50 ${(percentile(s, 50) - percentile(d, 50)).toFixed(2)} ms, p95 ${(percentile(s, 95) - percentile(d, 95)).toFixed(2)} ms`,
  );
  console.log(
    `whole send through the site (${CHUNKS} pieces, to the done event): p50 ${percentile(whole, 50).toFixed(2)} ms, p95 ${percentile(whole, 95).toFixed(2)} ms`,
  );
  if (!concurrent) return;
  const started = performance.now();
  const results = await Promise.allSettled(Array.from({ length: 50 }, () => site()));
  const failed = results.filter(
    (r) => r.status === 'rejected' || !r.value.text.includes('event: done'),
  ).length;
  console.log(
    `\n50 concurrent streamed chats: ${50 - failed} completed, ${failed} failed, in ${(performance.now() - started).toFixed(0)} ms`,
  );
}

/**
 * Warm: the server process has served this conversation before (the usual case in a chat: it
 * keeps the turns it checks by revision, and asks the model while it reads the database).
 * Cold: CHAT_CACHE_CHARS=0, so every send reads everything first, as a process that has never
 * seen the conversation does.
 */
async function bench(label, extraEnv) {
  const port = 9600 + (process.pid % 150) + (label === 'PGlite' ? 0 : 1);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumi-bench-chat-'));
  try {
    // The offline moderation floor reads every message and every piece of every reply; its
    // cost is the difference between the two 'floor' runs. Turning it off is a measuring-only
    // setting that production refuses, so both of those run with NODE_ENV=development.
    const dev = { NODE_ENV: 'development' };
    for (const [mode, env] of [
      ['warm', {}],
      ['cold', { CHAT_CACHE_CHARS: '0' }],
      ['warm, floor on (development)', dev],
      ['warm, floor off (development)', { ...dev, MODERATION_FLOOR: 'off' }],
    ]) {
      const server = await startServer(port, dataDir, { ...extraEnv, ...env });
      try {
        await measure(`${label}, ${mode}`, server.base, { concurrent: mode === 'warm' });
      } finally {
        await server.stop();
      }
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const database = scratchDatabase('lumi_bench_chat');
try {
  await bench('PGlite', {});
  await database.create();
  try {
    await bench('PostgreSQL', { DATABASE_URL: database.url });
  } finally {
    await database.drop();
  }
} finally {
  backend.close();
}
