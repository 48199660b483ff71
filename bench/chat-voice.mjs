// A reply read aloud (issue 22): what "Listen" (or auto-play) adds to a chat turn, beside a
// baseline turn measured in the same run. The chat engine is a local OpenAI-compatible server
// (50 ms to the first token, 20 words 5 ms apart); the speech engine the embedded eSpeak NG. On
// the embedded default (PGlite).
//   baseline: a streamed reply alone.
//   read aloud: the reply, then character_msg/speech on it (the job queued and paid, spoken,
//     encoded, stored) until its status is done: the extra time a voice adds to that turn.
//   replay: the same reply asked again (cached: the same job, free).
//   beside: speech of the previous reply asked as a new reply starts: the reply's stream must
//     not slow down, since the speech is a job of its own.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  openChat,
  p50p95,
  requireBuilt,
  spawnServer,
  startOpenAiStream,
  streamedReply,
  waitForServer,
} from './lib.mjs';

requireBuilt('apps/server/dist/main.js');
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 30);

const { url: llmUrl, server: llm } = await startOpenAiStream(
  Array.from({ length: 20 }, (_, i) => ` word${i}`),
  { delayMs: 50, intervalMs: 5 },
);
const port = 8381;
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumi-bench-voice-'));
const server = spawnServer(port, dataDir, {
  LLM_BASE_URL: llmUrl,
  DAILY_FREE_CREDITS: '100000',
  MAX_OPEN_JOBS_PER_USER: '1000',
});
await waitForServer(base);

const chat = await openChat(base, 'V');
const { cookie, json, conversationId } = chat;

const reply = (content, onStart) => streamedReply(base, chat, content, onStart);

/** Asks for the reply's speech, then polls its status until done: ms of the call and to ready. */
async function speech(id) {
  const t = performance.now();
  const asked = await (
    await fetch(`${base}/cgi-bin/auth/character_msg/speech`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ id, conversationId }),
    })
  ).json();
  if (asked.code !== 0) throw new Error(`speech refused: ${asked.message}`);
  const call = performance.now() - t;
  let state = asked.data;
  while (state.state !== 'done') {
    if (state.state === 'failed') throw new Error('speech failed');
    await new Promise((r) => setTimeout(r, 20));
    state = (
      await (
        await fetch(`${base}/cgi-bin/auth/aigc/status?id=${asked.data.id}`, { headers: { cookie } })
      ).json()
    ).data;
  }
  return { call, ready: performance.now() - t, charged: asked.data.charged, cached: asked.data.cached };
}

const stats = p50p95;

try {
  for (let i = 0; i < 3; i++) await speech((await reply('Warm up, please.')).id);
  const baseline = { first: [], total: [] };
  const aloud = { first: [], total: [], call: [], ready: [], turn: [] };
  const replay = { ready: [] };
  const beside = { first: [], total: [] };
  for (let i = 0; i < SAMPLES; i++) {
    const b = await reply('Tell me about the harbour tonight.');
    baseline.first.push(b.first);
    baseline.total.push(b.total);

    const t = performance.now();
    const r = await reply('And what do the sailors sing?');
    const s = await speech(r.id);
    aloud.first.push(r.first);
    aloud.total.push(r.total);
    aloud.call.push(s.call);
    aloud.ready.push(s.ready);
    aloud.turn.push(performance.now() - t);

    const again = await speech(r.id);
    if (!again.cached || again.charged !== 0) throw new Error('a replay was not free');
    replay.ready.push(again.ready);

    const n = await reply('Sing it for me?', () => speech(b.id));
    await n.started;
    beside.first.push(n.first);
    beside.total.push(n.total);
  }
  const extra = aloud.turn.map((x, i) => x - baseline.total[i]);
  console.log(`\nA reply read aloud (eSpeak NG, offline), ${SAMPLES} turns each, p50 / p95 in ms:`);
  console.log(
    '| Turn | First delta | Whole reply | Speech call | Audio ready after the reply | Whole turn |',
  );
  console.log('| --- | --- | --- | --- | --- | --- |');
  console.log(
    `| baseline (reply alone) | ${stats(baseline.first)} | ${stats(baseline.total)} | | | ${stats(baseline.total)} |`,
  );
  console.log(
    `| read aloud (Listen, or auto-play) | ${stats(aloud.first)} | ${stats(aloud.total)} | ${stats(aloud.call)} | ${stats(aloud.ready)} | ${stats(aloud.turn)} |`,
  );
  console.log(`| replay (cached, free) | | | | ${stats(replay.ready)} | |`);
  console.log(`| speech asked as a reply starts | ${stats(beside.first)} | ${stats(beside.total)} | | | |`);
  console.log(
    `\nExtra time a voice adds to a turn (whole turn minus the baseline reply): ${stats(extra)} ms`,
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  llm.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
