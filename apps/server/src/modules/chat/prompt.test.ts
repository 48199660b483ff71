import { describe, expect, it } from 'vitest';
import { countTokens, PROFILE_SETTINGS } from '@lumi/engines';
import { buildPrompt, MESSAGE_TOKENS, type PromptInput } from './prompt';

const estimate = (text: string) => Math.ceil(text.length / 4);

const character: NonNullable<PromptInput['character']> = {
  name: 'Mira',
  description: 'A lighthouse keeper who talks to {{user}} about ships.',
  personality: 'Warm and dry.',
  scenario: '{{user}} arrives in a storm.',
  exampleDialogue:
    '<START>\n{{user}}: Hi\n{{char}}: Tea?\n<START>\n{{user}}: Ships?\n{{char}}: Three tonight.',
  systemPrompt: '',
  postHistoryInstructions: '',
  chatStyle: 'story',
};

const turns = (n: number): PromptInput['turns'] =>
  Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    role: i % 2 ? 'user' : 'assistant',
    content: `Turn ${i + 1}. ${'word '.repeat(40)}`,
  }));

describe('chat prompt', () => {
  it('builds the system prompt from the character, persona and examples, with macros filled', () => {
    const { messages } = buildPrompt({
      character,
      persona: { name: 'Sam', description: 'A sailor.' },
      memory: '',
      turns: [{ id: 1, role: 'user', content: 'Hello {{char}}' }],
      budgetTokens: 4000,
      countTokens: estimate,
    });
    const system = messages[0]?.content ?? '';
    expect(messages[0]?.role).toBe('system');
    expect(system).toContain('You are Mira');
    expect(system).toContain('talks to Sam about ships');
    expect(system).toContain('Sam arrives in a storm.');
    expect(system).toContain('About Sam:\nA sailor.');
    expect(system).toContain('<example>\nSam: Hi\nMira: Tea?\n</example>');
    expect(system).toContain('*asterisks*');
    expect(system).not.toMatch(/\{\{(char|user)\}\}/);
    expect(messages.at(-1)).toEqual({ role: 'user', content: 'Hello Mira' });
  });

  it('puts our prompt where a card says {{original}} and adds post-history instructions last', () => {
    const { messages } = buildPrompt({
      character: {
        ...character,
        systemPrompt: 'CARD RULES. {{original}} END.',
        postHistoryInstructions: '{{original}}Keep {{char}} brief.',
      },
      persona: { name: '', description: '' },
      memory: '',
      turns: [{ id: 1, role: 'user', content: 'Hi' }],
      budgetTokens: 4000,
      countTokens: estimate,
    });
    expect(messages[0]?.content).toMatch(/^CARD RULES\. You are Mira .* END\./s);
    expect(messages.at(-1)).toEqual({ role: 'system', content: 'Keep Mira brief.' });
    expect(messages[0]?.content).toContain('role-play chat with User.');
  });

  it('drops the oldest turns first to fit the budget, and reports them', () => {
    const all = turns(30);
    const { messages, dropped } = buildPrompt({
      character,
      persona: { name: 'Sam', description: '' },
      memory: '',
      turns: all,
      budgetTokens: 800,
      countTokens: estimate,
    });
    const kept = messages.slice(1);
    expect(kept.length).toBeGreaterThan(2);
    expect(kept.length + dropped.length).toBe(30);
    expect(kept.at(-1)?.content).toContain('Turn 30.');
    expect(dropped.map((d) => d.id)).toEqual(all.slice(0, dropped.length).map((t) => t.id));
    const used = messages.reduce((sum, m) => sum + estimate(m.content) + 4, 0);
    expect(used).toBeLessThanOrEqual(800 + 4);
  });

  it('fits a 500-message chat into each profile’s context, counted by the real tokenizer', () => {
    const long: PromptInput['turns'] = Array.from({ length: 500 }, (_, i) => ({
      id: i + 1,
      role: i % 2 ? 'assistant' : 'user',
      content:
        i % 7 === 0
          ? `*Message ${i + 1}.* 桜井さんは港で待っていた。ليلى تنتظر عند الميناء. ${'The tide turns. '.repeat(i % 13)}`
          : `Message ${i + 1}: ${'We walked along the harbour and talked about the ships. '.repeat(1 + (i % 5))}`,
    }));
    for (const [id, setting] of Object.entries(PROFILE_SETTINGS)) {
      const budget = setting.contextTokens - setting.maxTokens;
      const { messages, dropped } = buildPrompt({
        character,
        persona: { name: 'Sam', description: 'A sailor.' },
        memory: '- Sam: The first ship was the Marigold.',
        turns: long,
        budgetTokens: budget,
        countTokens,
      });
      const used = messages.reduce((sum, m) => sum + countTokens(m.content) + MESSAGE_TOKENS, 0);
      expect(used, id).toBeLessThanOrEqual(budget);
      // Nearly full: at most one more message would have fitted.
      expect(used, id).toBeGreaterThan(budget - 400);
      expect(dropped.length, id).toBeGreaterThan(0);
      expect(messages.at(-1)?.content, id).toContain('Message 500');
      expect(messages[0]?.content, id).toContain('The first ship was the Marigold.');
    }
  });

  it('always keeps the newest turn, even alone over budget', () => {
    const { messages } = buildPrompt({
      persona: { name: '', description: '' },
      memory: '',
      turns: [{ id: 1, role: 'user', content: 'x'.repeat(10_000) }],
      budgetTokens: 100,
      countTokens: estimate,
    });
    expect(messages).toHaveLength(2);
    expect(messages[0]?.content).toContain('helpful AI assistant');
  });
});
