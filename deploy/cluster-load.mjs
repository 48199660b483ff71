// The cluster check's load generator (deploy/cluster-check.mjs), in a process of its own: BASE
// is the proxy. USERS tourists, CLIENTS loops for DURATION_MS, each call a character list page,
// a chat reply (streamed) or an image job. Every request carries its own X-Request-Id, so the
// check can find it in the proxy's log; each one's outcome goes to OUT as JSON:
// ok, refused (the site said no: credits, open jobs) or failed (no answer, 5xx, a cut stream).
import fs from 'node:fs';

const BASE = process.env.BASE ?? 'http://127.0.0.1:8080';
const USERS = Number(process.env.USERS ?? 48);
const CLIENTS = Number(process.env.CLIENTS ?? 32);
const DURATION_MS = Number(process.env.DURATION_MS ?? 30_000);
const OUT = process.env.OUT ?? 'cluster-load.json';

let next = 0;
const records = [];

async function call(kind, user, url, init = {}, read = readEnvelope) {
  const rid = `load-${process.pid}-${(next += 1)}`;
  const record = { rid, kind, user: user?.uid, t0: Date.now() };
  try {
    const res = await fetch(`${BASE}${url}`, {
      ...init,
      headers: { ...(user ? { cookie: user.cookie } : {}), ...init.headers, 'x-request-id': rid },
      signal: AbortSignal.timeout(60_000),
    });
    record.status = res.status;
    if (res.status >= 500 || res.status === 429) {
      await res.text().catch(() => undefined);
      record.outcome = 'failed';
    } else {
      Object.assign(record, await read(res));
    }
  } catch (err) {
    record.outcome = 'failed';
    record.detail = String(err?.cause?.code ?? err?.name ?? err);
  }
  record.t1 = Date.now();
  records.push(record);
  return record;
}

async function readEnvelope(res) {
  const body = await res.json();
  return body.code === 0
    ? { outcome: 'ok', data: body.data }
    : { outcome: 'refused', code: body.code, detail: body.message };
}

/** A streamed chat reply: ok with its `done` event; refused when the site answered with JSON. */
async function readStream(res) {
  if (!(res.headers.get('content-type') ?? '').includes('text/event-stream')) return readEnvelope(res);
  const text = await res.text();
  if (/event: done\n/.test(text)) return { outcome: 'ok' };
  const error = /event: error\ndata: (.*)\n/.exec(text);
  if (error) return { outcome: 'refused', detail: error[1].slice(0, 200) };
  return { outcome: 'failed', detail: 'stream ended without done' };
}

async function tourist(i) {
  const code =
    'L'.repeat(20) +
    String(Date.now() * 100 + i)
      .padStart(20, '0')
      .slice(-20);
  const login = await fetch(`${BASE}/cgi-bin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `type=0&code=${code}`,
  });
  const { data } = await login.json();
  return { uid: data.uid, cookie: `ticket=${data.ticket}` };
}

const json = { 'content-type': 'application/json' };

async function main() {
  const users = await Promise.all(Array.from({ length: USERS }, (_, i) => tourist(i)));
  const list = await (
    await fetch(`${BASE}/cgi-bin/auth/character/list?sort=new&page=1&page_size=20`, {
      headers: { cookie: users[0].cookie },
    })
  ).json();
  const characterId = list.data.characters.find((c) => !c.NSFW).id;
  for (const user of users) {
    const opened = await (
      await fetch(`${BASE}/cgi-bin/auth/character_msg/add`, {
        method: 'POST',
        headers: { ...json, cookie: user.cookie },
        body: JSON.stringify({ characterId }),
      })
    ).json();
    user.conversationId = opened.data.conversation.id;
  }
  const started = Date.now();
  const end = started + DURATION_MS;
  let turn = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      while (Date.now() < end) {
        const user = users[(turn += 1) % users.length];
        const dice = (c * 7 + turn) % 20;
        if (dice < 9) {
          const sort = turn % 3 === 0 ? 'new' : 'dailyRandom';
          await call(
            'list',
            user,
            `/cgi-bin/auth/character/list?sort=${sort}&page=${1 + (turn % 5)}&page_size=20`,
          );
        } else if (dice < 15) {
          await call(
            'chat',
            user,
            '/cgi-bin/auth/aigc/text',
            {
              method: 'POST',
              headers: { ...json, accept: 'text/event-stream' },
              body: JSON.stringify({
                characterId,
                conversationId: user.conversationId,
                content: `Hello ${turn}`,
              }),
            },
            readStream,
          );
        } else {
          const r = await call('image', user, '/cgi-bin/auth/aigc/image', {
            method: 'POST',
            headers: json,
            body: JSON.stringify({ prompt: `a lighthouse at dusk, ${turn}`, size: '576x1024' }),
          });
          if (r.outcome === 'ok') r.jobId = r.data.id;
          // Too many open jobs: give the workers a moment.
          if (r.outcome === 'refused') await new Promise((res) => setTimeout(res, 50));
        }
      }
    }),
  );
  for (const r of records) delete r.data;
  fs.writeFileSync(OUT, JSON.stringify({ started, ended: Date.now(), users, characterId, records }));
}

main().catch((err) => {
  process.stderr.write(`${err.stack ?? err}\n`);
  process.exit(1);
});
