// A picture in chat (issue 22): what "Send me a picture" adds to a chat turn, beside a baseline
// turn measured in the same run. The chat engine is a local OpenAI-compatible server (50 ms to
// the first token, 20 words 5 ms apart; it also writes the picture's scene line), the image
// engine a local AUTOMATIC1111 that draws in DRAW_MS. On the embedded default (PGlite).
//   baseline: a streamed reply alone.
//   in words: the reply, then the picture the page asks for once the reply is done (the scene
//     line, the job queued and paid, drawn, classified, stored) until the conversation lists it
//     done: the extra time a picture adds to that turn.
//   beside: a picture asked (the button) at the moment a reply starts: the reply's stream must
//     not slow down, since the picture is a job of its own.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
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
const DRAW_MS = 300;

const { url: llmUrl, server: llm } = await startOpenAiStream(
  Array.from({ length: 20 }, (_, i) => ` word${i}`),
  { delayMs: 50, intervalMs: 5 },
);
const png = await sharp({ create: { width: 768, height: 1024, channels: 3, background: '#3a6' } })
  .png()
  .toBuffer();
const a1111 = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    if (req.url?.startsWith('/sdapi/v1/progress')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ progress: 0.5 }));
      return;
    }
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ images: [png.toString('base64')], parameters: {}, info: '{}' }));
    }, DRAW_MS);
  });
});
await new Promise((r) => a1111.listen(0, '127.0.0.1', r));

const port = 8380;
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumi-bench-pictures-'));
const server = spawnServer(port, dataDir, {
  LLM_BASE_URL: llmUrl,
  IMAGE_A1111_URL: `http://127.0.0.1:${a1111.address().port}`,
  DAILY_FREE_CREDITS: '100000',
  MAX_OPEN_JOBS_PER_USER: '1000',
});
await waitForServer(base);

const chat = await openChat(base, 'P');
const { cookie, json, conversationId } = chat;

const reply = (content, onStart) => streamedReply(base, chat, content, onStart);

/** Asks for a picture, then reads the conversation's pictures until it is done. */
async function picture() {
  const t = performance.now();
  const asked = await (
    await fetch(`${base}/cgi-bin/auth/character_msg/picture`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ conversationId }),
    })
  ).json();
  if (asked.code !== 0) throw new Error(`picture refused: ${asked.message}`);
  const call = performance.now() - t;
  for (;;) {
    const list = await (
      await fetch(`${base}/cgi-bin/auth/character_msg/pictures?conversationId=${conversationId}`, {
        headers: { cookie },
      })
    ).json();
    const mine = list.data.pictures.find((p) => p.id === asked.data.id);
    if (mine?.state === 'failed') throw new Error('picture failed');
    if (mine?.state === 'done') return { call, ready: performance.now() - t };
    await new Promise((r) => setTimeout(r, 20));
  }
}

const stats = p50p95;

try {
  for (let i = 0; i < 3; i++) {
    await reply('Warm up, please.');
    await picture();
  }
  const baseline = { first: [], total: [] };
  const words = { first: [], total: [], call: [], ready: [], turn: [] };
  const beside = { first: [], total: [] };
  for (let i = 0; i < SAMPLES; i++) {
    const b = await reply('Tell me about the harbour tonight.');
    baseline.first.push(b.first);
    baseline.total.push(b.total);

    const t = performance.now();
    const w = await reply('Send me a picture of you at the harbour');
    const p = await picture();
    words.first.push(w.first);
    words.total.push(w.total);
    words.call.push(p.call);
    words.ready.push(p.ready);
    words.turn.push(performance.now() - t);

    const s = await reply('And now by the lighthouse?', () => picture());
    await s.started;
    beside.first.push(s.first);
    beside.total.push(s.total);
  }
  const extra = words.turn.map((x, i) => x - baseline.total[i]);
  console.log(
    `\nA picture in chat, ${SAMPLES} turns each, p50 / p95 in ms (image engine draws in ${DRAW_MS} ms):`,
  );
  console.log(
    '| Turn | First delta | Whole reply | Picture call | Picture ready after the reply | Whole turn |',
  );
  console.log('| --- | --- | --- | --- | --- | --- |');
  console.log(
    `| baseline (reply alone) | ${stats(baseline.first)} | ${stats(baseline.total)} | | | ${stats(baseline.total)} |`,
  );
  console.log(
    `| asked in words (picture after the reply) | ${stats(words.first)} | ${stats(words.total)} | ${stats(words.call)} | ${stats(words.ready)} | ${stats(words.turn)} |`,
  );
  console.log(`| picture asked as a reply starts | ${stats(beside.first)} | ${stats(beside.total)} | | | |`);
  console.log(
    `\nExtra time a picture adds to a turn (whole turn minus the baseline reply): ${stats(extra)} ms`,
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  llm.close();
  a1111.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
