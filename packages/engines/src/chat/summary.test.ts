import { describe, expect, it } from 'vitest';
import { DemoChatEngine } from './demo';
import { extractiveSummary, fitSummary, summarize, summaryMessages } from './summary';
import type { ChatEngine, ChatRequest, SummaryRequest } from './types';

const ask = (over: Partial<SummaryRequest> = {}): SummaryRequest => ({
  model: 'm',
  memory: '',
  turns: [],
  names: { char: 'Mira', user: 'Sam' },
  maxChars: 4000,
  ...over,
});

const plain = [
  'we walked along the shore and talked about the weather for a while.',
  'the kettle whistled and she poured two cups without asking.',
  'i said that the wind was colder than yesterday.',
  'she laughed and pulled her coat tighter around her shoulders.',
  'we watched the waves break on the rocks below the tower.',
];

describe('chat memory summaries', () => {
  it('asks a model with the memory so far and every new turn, named', () => {
    const [system, user] = summaryMessages(
      ask({
        memory: '- Sam came by boat.',
        turns: [
          { role: 'user', content: 'My sister Zara keeps the key.' },
          { role: 'assistant', content: 'Then we wait for Zara.' },
        ],
        maxChars: 900,
      }),
    );
    expect(system?.role).toBe('system');
    expect(system?.content).toContain('between Sam and Mira');
    expect(system?.content).toContain('at most 900 characters');
    expect(user?.content).toBe(
      'Memory so far:\n- Sam came by boat.\n\nNew messages:\nSam: My sister Zara keeps the key.\n\nMira: Then we wait for Zara.',
    );
  });

  it('reads a real engine’s summary from its stream, without fences, within the limit', async () => {
    const seen: ChatRequest[] = [];
    const engine: ChatEngine = {
      id: 'model',
      demo: false,
      async *stream(request) {
        seen.push(request);
        yield { type: 'delta', text: '```\n- Sam came by boat.\n' };
        yield { type: 'delta', text: '- Zara keeps the key.\n```' };
        yield { type: 'done', finishReason: 'stop' };
      },
    };
    const memory = await summarize(
      engine,
      ask({ turns: [{ role: 'user', content: 'Zara keeps the key.' }] }),
    );
    expect(memory).toBe('- Sam came by boat.\n- Zara keeps the key.');
    expect(seen[0]?.messages[1]?.content).toContain('Sam: Zara keeps the key.');
    expect(seen[0]?.sampling.temperature).toBeLessThan(0.5);
  });

  it('cuts a long summary at a whole line', () => {
    const text = Array.from({ length: 50 }, (_, i) => `- Line ${i} of the memory.`).join('\n');
    const fitted = fitSummary(text, 200);
    expect(fitted.length).toBeLessThanOrEqual(200);
    expect(fitted.endsWith('memory.')).toBe(true);
  });

  it('offline: one line a turn, the opening and the facts kept, the plainest middle dropped', async () => {
    const turns = [
      { role: 'user' as const, content: 'My sister Zara keeps the lighthouse key in a blue tin.' },
      ...Array.from({ length: 300 }, (_, i) => ({
        role: i % 2 ? ('user' as const) : ('assistant' as const),
        content: `${plain[i % plain.length]} and then ${'more '.repeat(i % 7)}talk.`,
      })),
      { role: 'assistant' as const, content: 'The harbour master, Okonkwo, owes us 40 coins.' },
      { role: 'user' as const, content: 'at last the lamp was lit for the night.' },
    ];
    const engine = new DemoChatEngine({ wordDelayMs: 0 });
    let memory = '- A note I wrote myself about the storm';
    // Folded a few turns at a time, as replies drop them.
    for (let i = 0; i < turns.length; i += 20) {
      memory = await summarize(engine, ask({ memory, turns: turns.slice(i, i + 20), maxChars: 1200 }));
      expect(memory.length).toBeLessThanOrEqual(1200);
    }
    const lines = memory.split('\n');
    expect(lines[0]).toBe('- A note I wrote myself about the storm');
    expect(lines[1]).toBe('- Sam: My sister Zara keeps the lighthouse key in a blue tin.');
    expect(memory).toContain('- Mira: The harbour master, Okonkwo, owes us 40 coins.');
    // The newest turns are there too, the plain middle mostly gone.
    expect(lines.at(-1)).toBe('- Sam: at last the lamp was lit for the night.');
    expect(lines.length).toBeLessThan(30);
  });

  it('offline: strips actions and keeps the first sentence, once', () => {
    const memory = extractiveSummary(
      ask({
        memory: '- Sam: Earlier line.',
        turns: [
          { role: 'user', content: '*waves* Where are the ships tonight? I saw lights.' },
          { role: 'assistant', content: 'Three of them. The last one is late.' },
          { role: 'assistant', content: 'Three of them. The last one is late.' },
        ],
      }),
    );
    expect(memory.split('\n')).toEqual([
      '- Sam: Earlier line.',
      '- Sam: Where are the ships tonight?',
      '- Mira: Three of them.',
    ]);
  });
});
