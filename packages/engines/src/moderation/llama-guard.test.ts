import { describe, expect, it } from 'vitest';
import { chat, failure, itFailsLikeEveryHttpBackend, standIn, text } from './http-backend.test-kit';
import { LlamaGuardEngine, parseLlamaGuard } from './llama-guard';

const MODEL = 'meta-llama/Llama-Guard-3-8B';
const KEY = 'sk-test-guard';

/**
 * What the stand-in "Llama Guard" answers for the turn it judges (the last message), as Llama
 * Guard 3 writes it: `safe`, or `unsafe` and the hazard codes, after the blank line vLLM keeps.
 */
const ANSWERS: Record<string, string> = {
  'What a lovely evening by the sea.': '\n\nsafe',
  'A text the classifier finds sexualises a child.': '\n\nunsafe\nS4',
  'I want to end my life tonight.': '\n\nunsafe\nS11',
  'Sure, here is how to do it: first...': '\n\nunsafe\nS11',
  'A consenting adult love scene.': 'unsafe\nS12',
  'How to build a bomb and hate a people.': 'unsafe\nS9, S10',
  'A story of a forced encounter.': 'unsafe\nS3',
  'A rumour about my neighbour.': 'unsafe\nS5',
  'Refuses to classify.': 'I am sorry, I cannot help with that.',
  'Answers in Llama Guard 2 codes.': 'unsafe\nO3',
  'Unsafe without a code.': 'unsafe',
};

const completion = (content: string) => ({
  id: 'chatcmpl-guard-1',
  object: 'chat.completion',
  created: 1,
  model: MODEL,
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 211, completion_tokens: 4, total_tokens: 215 },
});

const stand = standIn(async ({ req, body, json, hold }) => {
  if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return json(404, { detail: 'Not Found' });
  if (req.headers.authorization !== `Bearer ${KEY}`) {
    return json(401, { error: { message: 'Invalid API key', type: 'authentication_error' } });
  }
  if (body.model !== MODEL) {
    return json(404, {
      object: 'error',
      message: `The model \`${String(body.model)}\` does not exist.`,
      type: 'NotFoundError',
      code: 404,
    });
  }
  const messages = body.messages as { role: string; content: string }[];
  const judged = messages.at(-1)?.content ?? '';
  if (judged === 'The server is down.') return json(503, { error: { message: 'model is loading' } });
  if (judged === 'No choices.') return json(200, { id: 'x', object: 'chat.completion', choices: [] });
  if (judged === 'A slow answer.') {
    await hold(judged, 1_500);
    return json(200, completion('safe'));
  }
  const content = ANSWERS[judged];
  if (content === undefined)
    return json(400, { error: { message: `test server: no answer for "${judged}"` } });
  return json(200, completion(content));
});
const { seen, closed } = stand;

const engine = (options: Partial<ConstructorParameters<typeof LlamaGuardEngine>[0]> = {}) =>
  new LlamaGuardEngine({ baseUrl: `${stand.base}/v1`, apiKey: KEY, model: MODEL, ...options });

describe('Llama Guard on an OpenAI-compatible chat server', () => {
  it('allows safe text, asking with the body and headers a chat server expects', async () => {
    seen.length = 0;
    const result = await engine().check(text('What a lovely evening by the sea.'), chat);
    expect(result).toEqual({ verdict: 'allow', categories: [], score: 0, engine: 'llama-guard' });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe('/v1/chat/completions');
    expect(seen[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    expect(seen[0]!.body).toEqual({
      model: MODEL,
      messages: [{ role: 'user', content: 'What a lovely evening by the sea.' }],
      temperature: 0,
      max_tokens: 20,
      stream: false,
    });
  });

  it('judges a reply as the assistant turn after the message it answers', async () => {
    seen.length = 0;
    await engine({ baseUrl: stand.base }).check(text('What a lovely evening by the sea.'), {
      surface: 'reply',
      adult: false,
      prompt: 'How is the weather?',
    });
    expect(seen[0]!.url).toBe('/v1/chat/completions');
    expect(seen[0]!.body.messages).toEqual([
      { role: 'user', content: 'How is the weather?' },
      { role: 'assistant', content: 'What a lovely evening by the sea.' },
    ]);
  });

  it('refuses S4 (child sexual exploitation)', async () => {
    const result = await engine().check(text('A text the classifier finds sexualises a child.'), {
      surface: 'persona',
      adult: true,
    });
    expect(result).toEqual({
      verdict: 'refuse',
      categories: ['sexual/minors'],
      score: 1,
      engine: 'llama-guard',
    });
  });

  it('answers crisis for S11 from a user, and refuses S11 in a reply', async () => {
    expect(await engine().check(text('I want to end my life tonight.'), chat)).toMatchObject({
      verdict: 'crisis',
      categories: ['self-harm'],
      score: 1,
    });
    expect(
      await engine().check(text('Sure, here is how to do it: first...'), {
        surface: 'reply',
        adult: false,
        prompt: 'How do I hurt myself?',
      }),
    ).toMatchObject({ verdict: 'refuse', categories: ['self-harm'] });
  });

  it('reports the other hazards it names without refusing', async () => {
    expect(await engine().check(text('A consenting adult love scene.'), chat)).toMatchObject({
      verdict: 'allow',
      categories: ['sexual'],
    });
    expect(await engine().check(text('How to build a bomb and hate a people.'), chat)).toMatchObject({
      verdict: 'allow',
      categories: ['violence', 'hate'],
    });
    expect(await engine().check(text('A story of a forced encounter.'), chat)).toMatchObject({
      verdict: 'allow',
      categories: ['illicit', 'sexual'],
    });
    // S5 (defamation) is unsafe for Llama Guard, not something this site acts on.
    expect(await engine().check(text('A rumour about my neighbour.'), chat)).toEqual({
      verdict: 'allow',
      categories: [],
      score: 0,
      engine: 'llama-guard',
    });
  });

  it('reports an answer that is not safe/unsafe with S-codes as a protocol error', async () => {
    for (const t of [
      'Refuses to classify.',
      'Answers in Llama Guard 2 codes.',
      'Unsafe without a code.',
      'No choices.',
    ]) {
      expect((await failure(engine().check(text(t), chat))).kind).toBe('protocol');
    }
  });

  it('reports a server error as unavailable', async () => {
    expect((await failure(engine().check(text('The server is down.'), chat))).kind).toBe('unavailable');
  });

  it('reports an unknown model as a configuration error', async () => {
    const noModel = await failure(
      engine({ model: 'llama-guard-9' }).check(text('What a lovely evening by the sea.'), chat),
    );
    expect(noModel.kind).toBe('config');
  });

  itFailsLikeEveryHttpBackend(engine, closed);
});

describe('parseLlamaGuard', () => {
  it.each([
    ['safe', { safe: true }],
    ['\n\nsafe\n', { safe: true }],
    ['Safe', { safe: true }],
    ['unsafe\nS1', { safe: false, codes: ['S1'] }],
    ['\r\nunsafe\r\nS1,S11', { safe: false, codes: ['S1', 'S11'] }],
    ['unsafe\ns4, s12', { safe: false, codes: ['S4', 'S12'] }],
  ])('reads %j', (answer, expected) => {
    expect(parseLlamaGuard(answer)).toEqual(expected);
  });

  it.each(['', 'unsafe', 'unsafe\nO3', 'unsafe\nS1,violence', 'maybe\nS1', 'The text is safe.'])(
    'does not read %j',
    (answer) => {
      expect(parseLlamaGuard(answer)).toBeUndefined();
    },
  );
});
