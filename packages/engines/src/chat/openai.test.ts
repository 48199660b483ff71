import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from '../errors';
import { OpenAICompatibleEngine } from './openai';
import type { ChatChunk, ChatRequest } from './types';

/**
 * A protocol-faithful OpenAI-compatible server: `POST /v1/chat/completions` answering SSE
 * `chat.completion.chunk`s the way vLLM, llama.cpp and OpenAI do. Each scenario is chosen by
 * the model name, so one server serves every test.
 */
type Scenario = (req: http.IncomingMessage, res: http.ServerResponse, body: Record<string, unknown>) => void;

const seen: { body: Record<string, unknown>; headers: http.IncomingHttpHeaders }[] = [];
const closed: string[] = [];

const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'm',
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const scenarios: Record<string, Scenario> = {
  async normal(_req, res) {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
    res.write(': keep-alive\n\n');
    res.write(chunk({ role: 'assistant', content: '' }));
    // "Café ☕" with the é and the cup split across two network writes, CRLF line ends.
    const bytes = Buffer.from(chunk({ content: 'Café ☕' }).replace(/\n/g, '\r\n'));
    const cut = bytes.indexOf(Buffer.from('é')) + 1;
    res.write(bytes.subarray(0, cut));
    await sleep(5);
    const cup = bytes.indexOf(Buffer.from('☕')) + 2;
    res.write(bytes.subarray(cut, cup));
    await sleep(5);
    res.write(bytes.subarray(cup));
    res.write(': still here\n\n');
    res.write(chunk({ content: ' is open.' }));
    res.write(chunk({}, 'stop'));
    res.write(
      `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', choices: [], usage: { prompt_tokens: 12, completion_tokens: 4, total_tokens: 16 } })}\n\n`,
    );
    res.end('data: [DONE]\n\n');
  },
  scene(_req, res) {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(chunk({ role: 'assistant', content: '"Scene: on a windy' }));
    res.write(chunk({ content: ' pier at dusk, smiling, holding a lantern"' }));
    res.write(chunk({}, 'stop'));
    res.end('data: [DONE]\n\n');
  },
  length(_req, res) {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(chunk({ content: 'Once upon' }));
    res.write(chunk({}, 'length'));
    res.end('data: [DONE]\n\n');
  },
  async 'error-mid-stream'(_req, res) {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(chunk({ content: 'Half a ' }));
    await sleep(5);
    res.end(`data: ${JSON.stringify({ error: { message: 'CUDA out of memory', code: 500 } })}\n\n`);
  },
  async slow(_req, res) {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(chunk({ content: 'Thinking' }));
    await sleep(2_000);
    if (!res.destroyed) res.end('data: [DONE]\n\n');
  },
  async forever(req, res) {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    req.socket.on('close', () => closed.push('forever'));
    for (let i = 0; i < 200 && !res.destroyed; i += 1) {
      res.write(chunk({ content: `w${i} ` }));
      await sleep(10);
    }
    res.end();
  },
  cut(_req, res) {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(chunk({ content: 'and then' }));
    res.end();
  },
  json(_req, res) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'chatcmpl-2',
        object: 'chat.completion',
        choices: [
          { index: 0, message: { role: 'assistant', content: 'Whole answer.' }, finish_reason: 'stop' },
        ],
        usage: { prompt_tokens: 3, completion_tokens: 2 },
      }),
    );
  },
  unauthorized(_req, res) {
    res.writeHead(401, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({ error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } }),
    );
  },
  overloaded(_req, res) {
    res.writeHead(503, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: 'model is loading' } }));
  },
  'bad-request'(_req, res) {
    res.writeHead(400, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: 'max_tokens is too large' } }));
  },
};

const server = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c: Buffer) => (raw += c.toString()));
  req.on('end', () => {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(raw) as Record<string, unknown>;
    seen.push({ body, headers: req.headers });
    const scenario = scenarios[String(body.model)];
    if (!scenario) {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'model not found' } }));
      return;
    }
    void scenario(req, res, body);
  });
});

let base = '';
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const request = (model: string, over: Partial<ChatRequest> = {}): ChatRequest => ({
  model,
  messages: [
    { role: 'system', content: 'You are Mira.' },
    { role: 'user', content: 'Hi!' },
  ],
  sampling: { temperature: 0.8, topP: 0.9, maxTokens: 200, presencePenalty: 0.3 },
  ...over,
});

async function collect(
  engine: OpenAICompatibleEngine,
  req: ChatRequest,
): Promise<{ chunks: ChatChunk[]; error?: EngineError }> {
  const chunks: ChatChunk[] = [];
  try {
    for await (const c of engine.stream(req)) chunks.push(c);
    return { chunks };
  } catch (err) {
    if (err instanceof EngineError) return { chunks, error: err };
    throw err;
  }
}

const textOf = (chunks: ChatChunk[]) => chunks.map((c) => (c.type === 'delta' ? c.text : '')).join('');

describe('OpenAICompatibleEngine against a local OpenAI-compatible server', () => {
  it('streams deltas whole across split multi-byte characters, skips comments, reads usage and [DONE]', async () => {
    const engine = new OpenAICompatibleEngine({ baseUrl: base, apiKey: 'sk-local', timeoutMs: 5_000 });
    const { chunks, error } = await collect(engine, request('normal', { seed: 7 }));
    expect(error).toBeUndefined();
    expect(textOf(chunks)).toBe('Café ☕ is open.');
    expect(chunks.filter((c) => c.type === 'usage')).toEqual([
      { type: 'usage', promptTokens: 12, completionTokens: 4 },
    ]);
    expect(chunks.at(-1)).toEqual({ type: 'done', finishReason: 'stop' });

    const sent = seen.at(-1);
    expect(sent?.headers.authorization).toBe('Bearer sk-local');
    expect(sent?.body).toMatchObject({
      model: 'normal',
      stream: true,
      stream_options: { include_usage: true },
      temperature: 0.8,
      top_p: 0.9,
      max_tokens: 200,
      presence_penalty: 0.3,
      seed: 7,
      messages: [
        { role: 'system', content: 'You are Mira.' },
        { role: 'user', content: 'Hi!' },
      ],
    });
    expect(sent?.body).not.toHaveProperty('frequency_penalty');
  });

  it('sends no Authorization header without a key and reports a reply cut at max_tokens', async () => {
    const engine = new OpenAICompatibleEngine({ baseUrl: base, timeoutMs: 5_000 });
    const { chunks } = await collect(engine, request('length'));
    expect(seen.at(-1)?.headers.authorization).toBeUndefined();
    expect(textOf(chunks)).toBe('Once upon');
    expect(chunks.at(-1)).toEqual({ type: 'done', finishReason: 'length' });
  });

  it('turns an error object mid-stream into an unavailable EngineError after the text so far', async () => {
    const engine = new OpenAICompatibleEngine({ baseUrl: base, timeoutMs: 5_000 });
    const { chunks, error } = await collect(engine, request('error-mid-stream'));
    expect(textOf(chunks)).toBe('Half a ');
    expect(error?.kind).toBe('unavailable');
    expect(error?.message).toContain('CUDA out of memory');
  });

  it('times out a stalled stream', async () => {
    const engine = new OpenAICompatibleEngine({ baseUrl: base, timeoutMs: 5_000, idleTimeoutMs: 150 });
    const started = Date.now();
    const { chunks, error } = await collect(engine, request('slow'));
    expect(textOf(chunks)).toBe('Thinking');
    expect(error?.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('honours the request’s own time limit on the whole reply', async () => {
    const engine = new OpenAICompatibleEngine({ baseUrl: base, timeoutMs: 60_000 });
    const { error } = await collect(engine, request('forever', { timeoutMs: 120 }));
    expect(error?.kind).toBe('timeout');
  });

  it('stops and releases the backend request when the caller goes away', async () => {
    const engine = new OpenAICompatibleEngine({ baseUrl: base, timeoutMs: 5_000 });
    const controller = new AbortController();
    const chunks: ChatChunk[] = [];
    let error: unknown;
    try {
      for await (const c of engine.stream(request('forever', { signal: controller.signal }))) {
        chunks.push(c);
        if (chunks.length === 3) controller.abort();
      }
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).kind).toBe('aborted');
    await expect.poll(() => closed.includes('forever')).toBe(true);
  });

  it('releases the backend request when the consumer stops reading early', async () => {
    closed.length = 0;
    const engine = new OpenAICompatibleEngine({ baseUrl: base, timeoutMs: 5_000 });
    for await (const c of engine.stream(request('forever'))) {
      if (c.type === 'delta') break;
    }
    await expect.poll(() => closed.includes('forever')).toBe(true);
  });

  it('fails a stream that ends without [DONE] or a finish reason', async () => {
    const engine = new OpenAICompatibleEngine({ baseUrl: base, timeoutMs: 5_000 });
    const { chunks, error } = await collect(engine, request('cut'));
    expect(textOf(chunks)).toBe('and then');
    expect(error?.kind).toBe('protocol');
  });

  it('accepts a backend that answers one JSON completion', async () => {
    const engine = new OpenAICompatibleEngine({ baseUrl: base, timeoutMs: 5_000 });
    const { chunks } = await collect(engine, request('json'));
    expect(chunks).toEqual([
      { type: 'delta', text: 'Whole answer.' },
      { type: 'usage', promptTokens: 3, completionTokens: 2 },
      { type: 'done', finishReason: 'stop' },
    ]);
  });

  it('types HTTP refusals: bad key and unknown model are config, 503 unavailable, 400 rejected', async () => {
    const engine = new OpenAICompatibleEngine({ baseUrl: base, timeoutMs: 5_000 });
    const kinds = await Promise.all(
      ['unauthorized', 'no-such-model', 'overloaded', 'bad-request'].map(
        async (m) => (await collect(engine, request(m))).error,
      ),
    );
    expect(kinds.map((e) => e?.kind)).toEqual(['config', 'config', 'unavailable', 'rejected']);
    expect(kinds[0]?.message).toContain('Incorrect API key provided');
  });

  it('reports an unreachable backend as unavailable', async () => {
    const engine = new OpenAICompatibleEngine({ baseUrl: 'http://127.0.0.1:9/v1', timeoutMs: 5_000 });
    const { error } = await collect(engine, request('normal'));
    expect(error?.kind).toBe('unavailable');
  });
});

describe('the scene line of a picture asked for in a chat (issue 22)', () => {
  it('asks the model with the last turns and reads its line whole, fitted', async () => {
    const engine = new OpenAICompatibleEngine({ baseUrl: base, timeoutMs: 2000 });
    const line = await engine.describeScene({
      model: 'scene',
      turns: [
        { role: 'user', content: 'Meet me at the pier tonight.' },
        { role: 'assistant', content: '*She lifts her lantern against the wind.* I am here.' },
      ],
      names: { char: 'Mira', user: 'Sam' },
      look: 'silver hair, grey eyes',
      maxChars: 200,
    });
    expect(line).toBe('on a windy pier at dusk, smiling, holding a lantern');
    const sent = seen.at(-1)?.body as { messages: { role: string; content: string }[]; stream: boolean };
    expect(sent.stream).toBe(true);
    expect(sent.messages[0]?.content).toContain('scene of a picture of Mira');
    expect(sent.messages[1]?.content).toBe(
      'Last messages:\nSam: Meet me at the pier tonight.\n\nMira: *She lifts her lantern against the wind.* I am here.',
    );
  });
});
