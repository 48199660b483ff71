import { describe, expect, it } from 'vitest';
import { EngineError } from '../errors';
import { DemoChatEngine } from './demo';
import type { ChatChunk, ChatRequest, DemoContext } from './types';

const mira: DemoContext = {
  charName: 'Mira',
  userName: 'Sam',
  description: 'A lighthouse keeper who collects stories from passing ships.',
  personality: 'Warm, curious, dry humour.',
  scenario: '{{user}} climbs the lighthouse stairs during a storm.',
  exampleDialogue:
    '<START>\n{{user}}: Any ships tonight?\n{{char}}: *She checks the logbook.* Three. The last one is late, {{user}}.',
  chatStyle: 'story',
};

const request = (content: string, over: Partial<ChatRequest> = {}): ChatRequest => ({
  model: 'nela-8b',
  messages: [
    { role: 'system', content: 'You are Mira.' },
    { role: 'user', content },
  ],
  sampling: { temperature: 0.9, topP: 0.9, maxTokens: 400 },
  demo: mira,
  ...over,
});

async function run(engine: DemoChatEngine, req: ChatRequest): Promise<ChatChunk[]> {
  const out: ChatChunk[] = [];
  for await (const c of engine.stream(req)) out.push(c);
  return out;
}
const textOf = (chunks: ChatChunk[]) => chunks.map((c) => (c.type === 'delta' ? c.text : '')).join('');

describe('DemoChatEngine', () => {
  const engine = new DemoChatEngine({ wordDelayMs: 0 });

  it('answers in character from the character’s own lines, word by word, macros filled', async () => {
    const chunks = await run(engine, request('Is anyone out there tonight?'));
    const deltas = chunks.filter((c) => c.type === 'delta');
    expect(deltas.length).toBeGreaterThan(10);
    const text = textOf(chunks);
    expect(text).toContain('The last one is late, Sam.');
    expect(text).toContain('Is anyone out there tonight');
    expect(text).not.toMatch(/\{\{(char|user)\}\}/);
    expect(chunks.at(-1)).toEqual({ type: 'done', finishReason: 'stop' });
    expect(chunks.some((c) => c.type === 'usage')).toBe(true);
  });

  it('is deterministic for a conversation and seed, and a new seed gives another reply', async () => {
    const a = textOf(await run(engine, request('Tell me a story')));
    const b = textOf(await run(engine, request('Tell me a story')));
    expect(a).toBe(b);
    const seeds = new Set<string>();
    for (let seed = 0; seed < 6; seed += 1)
      seeds.add(textOf(await run(engine, request('Tell me a story', { seed }))));
    expect(seeds.size).toBeGreaterThan(1);
  });

  it('drops stage directions in dialogue style', async () => {
    const text = textOf(await run(engine, request('Hello', { demo: { ...mira, chatStyle: 'dialogue' } })));
    expect(text).not.toContain('*');
    expect(text).toContain('Three. The last one is late, Sam.');
  });

  // Issue 24: the Chinese form's placeholder teaches `{{char}}：` (full-width colon); both colons,
  // and `<BOT>`, mark the character's lines.
  it.each([
    [
      'a full-width colon',
      '<START>\n{{user}}：今晚有船吗？\n{{char}}：*她翻开航海日志。* 三艘。最后一艘晚了，{{user}}。',
    ],
    [
      'an ASCII colon',
      '<START>\n{{user}}: 今晚有船吗？\n{{char}}: *她翻开航海日志。* 三艘。最后一艘晚了，{{user}}。',
    ],
    [
      '<BOT> and a full-width colon',
      '<START>\n<USER>：今晚有船吗？\n<BOT> ： *她翻开航海日志。* 三艘。最后一艘晚了，{{user}}。',
    ],
  ])('takes the character’s lines written with %s', async (_, exampleDialogue) => {
    const text = textOf(
      await run(engine, request('你好', { demo: { ...mira, exampleDialogue, chatStyle: 'dialogue' } })),
    );
    expect(text).toContain('三艘。最后一艘晚了，Sam。');
    expect(text).not.toContain('今晚有船吗');
  });

  it('says it is a demo and how to connect a model when no character is given (AI chat)', async () => {
    const { demo: _omit, ...plain } = request('What is the capital of Peru?');
    const text = textOf(await run(engine, plain));
    expect(text).toContain('demo engine');
    expect(text).toContain('LLM_BASE_URL');
  });

  it('stops at the profile’s reply length', async () => {
    const chunks = await run(engine, request('Hi', { sampling: { temperature: 1, topP: 1, maxTokens: 4 } }));
    expect(chunks.filter((c) => c.type === 'delta')).toHaveLength(3);
    expect(chunks.at(-1)).toEqual({ type: 'done', finishReason: 'length' });
  });

  it('stops with an aborted EngineError when the caller goes away', async () => {
    const slow = new DemoChatEngine({ wordDelayMs: 20 });
    const controller = new AbortController();
    const got: ChatChunk[] = [];
    await expect(async () => {
      for await (const c of slow.stream(request('Hi', { signal: controller.signal }))) {
        got.push(c);
        if (got.length === 2) controller.abort();
      }
    }).rejects.toSatisfy((e) => e instanceof EngineError && e.kind === 'aborted');
    expect(got).toHaveLength(2);
  });
});
