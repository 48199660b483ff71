import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { chat, failure, itFailsLikeEveryHttpBackend, standIn, text } from './http-backend.test-kit';
import { apiBase } from './http';
import { OpenAIModerationEngine } from './openai-moderation';

/** Every category omni-moderation answers, in its order. */
const KEYS = [
  'sexual',
  'sexual/minors',
  'harassment',
  'harassment/threatening',
  'hate',
  'hate/threatening',
  'illicit',
  'illicit/violent',
  'self-harm',
  'self-harm/intent',
  'self-harm/instructions',
  'violence',
  'violence/graphic',
] as const;
type Key = (typeof KEYS)[number];

/**
 * What this stand-in "model" scores for each test text (the rest is near 0). It stands for the
 * classifier, not the protocol: the answer around it is shaped exactly as OpenAI's.
 */
const LABELS: Record<string, Partial<Record<Key, number>>> = {
  'What a lovely evening by the sea.': {},
  'A text the classifier finds sexualises a child.': { sexual: 0.91, 'sexual/minors': 0.97 },
  'I want to end my life tonight.': { 'self-harm': 0.88, 'self-harm/intent': 0.95 },
  'Here is how to hurt yourself without anyone noticing.': {
    'self-harm': 0.7,
    'self-harm/instructions': 0.93,
  },
  'A consenting adult love scene.': { sexual: 0.96 },
  'A bloody sword fight.': { violence: 0.62, 'violence/graphic': 0.81, sexual: 0.1 },
  'Threatening someone for who they are.': { harassment: 0.72, 'harassment/threatening': 0.66, hate: 0.58 },
};
/** Scores above this are flagged, as OpenAI's own thresholds do. */
const FLAG = 0.5;
const KEY = 'sk-test-moderation';

function answer(model: string, scores: Partial<Record<Key, number>>, type: 'text' | 'image') {
  const all = Object.fromEntries(KEYS.map((k) => [k, scores[k] ?? 0.0001])) as Record<Key, number>;
  const categories = Object.fromEntries(KEYS.map((k) => [k, all[k] > FLAG]));
  return {
    id: 'modr-5f3a1e0c9b',
    model,
    results: [
      {
        flagged: Object.values(categories).some(Boolean),
        categories,
        category_scores: all,
        category_applied_input_types: Object.fromEntries(KEYS.map((k) => [k, [type]])),
      },
    ],
  };
}

/** A red picture stands for an explicit one to this stand-in; anything else is fine. */
async function scoreImage(url: string): Promise<Partial<Record<Key, number>>> {
  const match = /^data:image\/(png|jpeg|webp|gif);base64,(.+)$/.exec(url);
  if (!match) throw new Error('not a data URL');
  const { channels } = await sharp(Buffer.from(match[2]!, 'base64')).stats();
  const [r, g, b] = channels.map((c) => c.mean);
  return r! > 200 && g! < 60 && b! < 60 ? { sexual: 0.93 } : {};
}

const stand = standIn(async ({ req, res, body, json, hold }) => {
  if (req.method !== 'POST' || req.url !== '/v1/moderations')
    return json(404, { error: { message: 'not found' } });
  if (req.headers.authorization !== `Bearer ${KEY}`) {
    return json(401, {
      error: {
        message: 'Incorrect API key provided',
        type: 'invalid_request_error',
        code: 'invalid_api_key',
      },
    });
  }
  const model = typeof body.model === 'string' ? body.model : 'omni-moderation-latest';
  const input = body.input;
  if (typeof input === 'string') {
    if (input === 'The server is down.') return json(500, { error: { message: 'The server had an error' } });
    if (input === 'An answer without results.') return json(200, { id: 'modr-1', model });
    if (input === 'An answer that is not JSON.') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<html>gateway</html>');
    }
    if (input === 'A slow answer.') {
      await hold(input, 1_500);
      return json(200, answer(model, {}, 'text'));
    }
    const scores = LABELS[input];
    if (!scores) return json(400, { error: { message: `test server: no label for "${input}"` } });
    return json(200, answer(model, scores, 'text'));
  }
  if (Array.isArray(input)) {
    const item = input[0] as { type?: string; image_url?: { url?: string } } | undefined;
    if (item?.type !== 'image_url' || !item.image_url?.url) {
      return json(400, { error: { message: 'Invalid input', type: 'invalid_request_error' } });
    }
    return json(200, answer(model, await scoreImage(item.image_url.url), 'image'));
  }
  return json(400, { error: { message: "'input' is a required property" } });
});
const { seen, closed } = stand;

const engine = (options: Partial<ConstructorParameters<typeof OpenAIModerationEngine>[0]> = {}) =>
  new OpenAIModerationEngine({
    baseUrl: stand.base,
    apiKey: KEY,
    model: 'omni-moderation-latest',
    ...options,
  });

describe('OpenAI-compatible moderation', () => {
  it('allows harmless text, sending the body and headers the API expects', async () => {
    seen.length = 0;
    const result = await engine().check(text('What a lovely evening by the sea.'), chat);
    expect(result).toEqual({ verdict: 'allow', categories: [], score: 0, engine: 'openai-moderation' });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe('/v1/moderations');
    expect(seen[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    expect(seen[0]!.body).toEqual({
      model: 'omni-moderation-latest',
      input: 'What a lovely evening by the sea.',
    });
  });

  it('takes the base URL with or without /v1, and leaves the model to the server when unset', async () => {
    seen.length = 0;
    await engine({ baseUrl: `${stand.base}/v1/`, model: undefined }).check(
      text('What a lovely evening by the sea.'),
      chat,
    );
    await engine({ baseUrl: `${stand.base}/` }).check(text('What a lovely evening by the sea.'), chat);
    expect(seen.map((s) => s.url)).toEqual(['/v1/moderations', '/v1/moderations']);
    expect(seen[0]!.body).toEqual({ input: 'What a lovely evening by the sea.' });
  });

  it('refuses sexualised minors, with the score of that category', async () => {
    const result = await engine().check(text('A text the classifier finds sexualises a child.'), {
      surface: 'character',
      adult: true,
    });
    expect(result).toEqual({
      verdict: 'refuse',
      categories: ['sexual/minors', 'sexual'],
      score: 0.97,
      engine: 'openai-moderation',
    });
  });

  it('answers crisis for self-harm intent in a user message', async () => {
    const result = await engine().check(text('I want to end my life tonight.'), chat);
    expect(result).toMatchObject({ verdict: 'crisis', categories: ['self-harm'], score: 0.95 });
  });

  it('refuses self-harm instructions in the model reply, but answers crisis when a user writes them', async () => {
    const words = text('Here is how to hurt yourself without anyone noticing.');
    expect(await engine().check(words, { surface: 'reply', adult: false, prompt: 'hi' })).toMatchObject({
      verdict: 'refuse',
      categories: ['self-harm'],
      score: 0.93,
    });
    expect((await engine().check(words, chat)).verdict).toBe('crisis');
    // Intent alone in a reply (a character in a story) is not refused.
    expect(
      (await engine().check(text('I want to end my life tonight.'), { surface: 'reply', adult: false }))
        .verdict,
    ).toBe('crisis');
  });

  it('reports adult sexual content and the other categories without refusing text', async () => {
    expect(await engine().check(text('A consenting adult love scene.'), chat)).toEqual({
      verdict: 'allow',
      categories: ['sexual'],
      score: 0.96,
      engine: 'openai-moderation',
    });
    expect(await engine().check(text('A bloody sword fight.'), chat)).toMatchObject({
      verdict: 'allow',
      categories: ['violence'],
      score: 0.81,
    });
    expect(await engine().check(text('Threatening someone for who they are.'), chat)).toMatchObject({
      verdict: 'allow',
      categories: ['harassment', 'hate'],
      score: 0.72,
    });
  });

  it('sends pictures as image_url data URLs when set to, and refuses explicit ones where adult is off', async () => {
    const red = await sharp({ create: { width: 1600, height: 900, channels: 4, background: '#ff0000' } })
      .png()
      .toBuffer();
    const grey = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#808080' } })
      .webp()
      .toBuffer();
    const images = engine({ images: true });
    expect(images.accepts).toEqual(['text', 'image']);
    seen.length = 0;
    expect(
      await images.check({ kind: 'image', image: red }, { surface: 'upload', adult: false }),
    ).toMatchObject({
      verdict: 'refuse',
      categories: ['sexual'],
      score: 0.93,
    });
    const input = seen[0]!.body.input as { type: string; image_url: { url: string } }[];
    expect(input).toHaveLength(1);
    expect(input[0]!.type).toBe('image_url');
    expect(input[0]!.image_url.url).toMatch(/^data:image\/jpeg;base64,/);
    // Sent at most 1024 px on its longest side.
    const sent = await sharp(Buffer.from(input[0]!.image_url.url.split(',')[1]!, 'base64')).metadata();
    expect([sent.width, sent.height]).toEqual([1024, 576]);
    expect(
      await images.check({ kind: 'image', image: red }, { surface: 'image', adult: true }),
    ).toMatchObject({
      verdict: 'allow',
      categories: ['sexual'],
    });
    expect(
      (await images.check({ kind: 'image', image: grey }, { surface: 'upload', adult: false })).verdict,
    ).toBe('allow');
  });

  it('checks text only unless told to send pictures', async () => {
    expect(engine().accepts).toEqual(['text']);
    const error = await failure(engine().check({ kind: 'image', image: new Uint8Array([1, 2]) }, chat));
    expect(error.kind).toBe('config');
  });

  it('reports a server error as unavailable', async () => {
    expect((await failure(engine().check(text('The server is down.'), chat))).kind).toBe('unavailable');
  });

  it('reports an unreachable server as unavailable', async () => {
    const gone = http.createServer();
    await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
    const port = (gone.address() as AddressInfo).port;
    await new Promise((resolve) => gone.close(resolve));
    const error = await failure(engine({ baseUrl: `http://127.0.0.1:${port}` }).check(text('hello'), chat));
    expect(error.kind).toBe('unavailable');
  });

  it('reports an answer without results, or not JSON, as a protocol error', async () => {
    expect((await failure(engine().check(text('An answer without results.'), chat))).kind).toBe('protocol');
    expect((await failure(engine().check(text('An answer that is not JSON.'), chat))).kind).toBe('protocol');
  });

  itFailsLikeEveryHttpBackend(engine, closed);
});

describe('apiBase', () => {
  it.each([
    ['http://127.0.0.1:8000', 'http://127.0.0.1:8000/v1'],
    ['https://api.openai.com/', 'https://api.openai.com/v1'],
    ['http://127.0.0.1:8000/v1/', 'http://127.0.0.1:8000/v1'],
    ['https://openrouter.ai/api/v1', 'https://openrouter.ai/api/v1'],
    ['https://api.deepinfra.com/v1/openai', 'https://api.deepinfra.com/v1/openai'],
  ])('takes %s as %s', (given, base) => {
    expect(apiBase(given)).toBe(base);
  });
});
