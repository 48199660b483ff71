import { describe, expect, it } from 'vitest';
import { lorebookCard } from '../../../test/cards/corpus';
import { activateLore } from './lorebook';
import { buildPrompt, type PromptInput } from './prompt';

const estimate = (text: string) => Math.ceil(text.length / 4);

/** A book as role-play cards carry it (SillyTavern's export of a V2 `character_book`). */
const eldoria = {
  name: 'Eldoria',
  scan_depth: 2,
  token_budget: 400,
  recursive_scanning: false,
  extensions: {},
  entries: [
    {
      id: 0,
      keys: ['Eldoria', 'the kingdom'],
      content: 'Eldoria is a river kingdom ruled by a council of healers.',
      extensions: { position: 0 },
      enabled: true,
      insertion_order: 10,
      name: 'Eldoria',
    },
    {
      id: 1,
      keys: ['vow'],
      secondary_keys: ['healer', 'oath'],
      selective: true,
      content: "A healer's vow forbids them to take a life, even in war.",
      extensions: { selectiveLogic: 0 },
      enabled: true,
      insertion_order: 20,
      comment: "the healer's vow",
      position: 'after_char',
    },
    {
      id: 2,
      keys: ['Rook'],
      case_sensitive: true,
      content: 'Rook is the name of the ferryman who knows every secret of the river.',
      extensions: {},
      enabled: true,
      insertion_order: 5,
      name: 'Rook the ferryman',
    },
    {
      id: 3,
      keys: ['ash'],
      content: 'The Ash Wastes lie east of the river: nothing grows there.',
      extensions: { match_whole_words: true },
      enabled: true,
      insertion_order: 30,
      name: 'Ash Wastes',
    },
    {
      id: 4,
      keys: ['anything'],
      content: 'Magic in Eldoria always costs the caster a memory.',
      extensions: {},
      enabled: true,
      constant: true,
      insertion_order: 1,
      name: 'The cost of magic',
    },
    {
      id: 5,
      keys: ['dragon'],
      content: 'There are no dragons left; the last one became the mountain.',
      extensions: {},
      enabled: false,
      insertion_order: 2,
      name: 'Dragons',
    },
  ],
};

const character: NonNullable<PromptInput['character']> = {
  name: 'Aelin',
  description: 'A young healer of {{char}}’s order, sworn to the river.',
  personality: 'Gentle, stubborn.',
  scenario: 'A ferry crossing at dawn.',
  exampleDialogue: '',
  systemPrompt: '',
  postHistoryInstructions: '',
  chatStyle: 'story',
  book: eldoria,
};

const say = (...contents: string[]): PromptInput['turns'] =>
  contents.map((content, i) => ({ id: i + 1, role: i % 2 ? 'assistant' : 'user', content }));

const promptOf = (turns: PromptInput['turns'], book: unknown = eldoria, budgetTokens = 4000) =>
  buildPrompt({
    character: { ...character, book },
    persona: { name: 'Sam', description: '' },
    memory: '',
    turns,
    budgetTokens,
    countTokens: estimate,
  });

describe('lorebooks in the prompt', () => {
  it('fires entries on their keys, before or after the definition, in insertion order', () => {
    const built = promptOf(say('It is old.', 'Tell me about the kingdom.', 'And Rook, the ferryman?'));
    const system = built.messages[0]?.content ?? '';
    expect(built.lore).toEqual(['The cost of magic', 'Rook the ferryman', 'Eldoria']);
    // before_char (the default) stands before "About Aelin", in insertion order.
    const at = (text: string) => system.indexOf(text);
    expect(at('Magic in Eldoria')).toBeLessThan(at('Rook is the name'));
    expect(at('Rook is the name')).toBeLessThan(at('Eldoria is a river kingdom'));
    expect(at('Eldoria is a river kingdom')).toBeLessThan(at('About Aelin'));
    expect(system).not.toContain('no dragons');
  });

  it('tests secondary keys with their logic, and places after_char entries after the scenario', () => {
    expect(promptOf(say('I made a vow.')).lore).not.toContain("the healer's vow");
    const both = promptOf(say('I made a vow, as every healer does.'));
    expect(both.lore).toContain("the healer's vow");
    const system = both.messages[0]?.content ?? '';
    expect(system.indexOf("A healer's vow")).toBeGreaterThan(system.indexOf('Scenario:'));
    const logic = (selectiveLogic: number) => ({
      ...eldoria,
      entries: eldoria.entries.map((e) => (e.id === 1 ? { ...e, extensions: { selectiveLogic } } : e)),
    });
    const fired = (book: unknown, text: string) =>
      promptOf(say(text), book).lore.includes("the healer's vow");
    // NOT ALL: fires unless every secondary key is there.
    expect(fired(logic(1), 'A vow and an oath, said by a healer.')).toBe(false);
    expect(fired(logic(1), 'A vow, said by a healer.')).toBe(true);
    // NOT ANY: fires only when none is.
    expect(fired(logic(2), 'A vow.')).toBe(true);
    expect(fired(logic(2), 'A vow, said by a healer.')).toBe(false);
    // AND ALL: fires only when all are.
    expect(fired(logic(3), 'A vow, said by a healer.')).toBe(false);
    expect(fired(logic(3), 'A vow and an oath, said by a healer.')).toBe(true);
  });

  it('matches case and whole words as each entry says', () => {
    expect(promptOf(say('The rook flew off.')).lore).not.toContain('Rook the ferryman');
    expect(promptOf(say('We washed the ashes away.')).lore).not.toContain('Ash Wastes');
    expect(promptOf(say('East, past the ash, nothing grows.')).lore).toContain('Ash Wastes');
  });

  it('scans only the last scan_depth messages', () => {
    const old = say('Tell me about Eldoria.', 'Later.', 'What now?');
    expect(promptOf(old).lore).not.toContain('Eldoria');
    expect(promptOf(old, { ...eldoria, scan_depth: 3 }).lore).toContain('Eldoria');
  });

  it('keeps within the token budget: constants first, then priority, then insertion order', () => {
    const text = 'Eldoria, Rook, the ash.';
    const costs = eldoria.entries.map((e) => estimate(e.content));
    const tight = { ...eldoria, token_budget: (costs[4] ?? 0) + Math.max(costs[2] ?? 0, costs[3] ?? 0) };
    // The constant entry, then the highest insertion order that still fits (the Ash Wastes).
    expect(promptOf(say(text), tight).lore).toEqual(['The cost of magic', 'Ash Wastes']);
    const ranked = {
      ...tight,
      entries: tight.entries.map((e) => (e.id === 2 ? { ...e, priority: 10 } : e)),
    };
    expect(promptOf(say(text), ranked).lore).toEqual(['The cost of magic', 'Rook the ferryman']);
  });

  it('activates recursively when the book asks, and reads regex keys', () => {
    const chain = {
      recursive_scanning: true,
      entries: [
        { keys: ['ferry'], content: 'The ferry belongs to Rook.', name: 'ferry', insertion_order: 1 },
        { keys: ['Rook'], content: 'Rook owes the council a debt.', name: 'Rook', insertion_order: 2 },
        {
          keys: ['/\\bcounc[a-z]+\\b/i'],
          use_regex: true,
          content: 'The council meets at dusk.',
          name: 'council',
          insertion_order: 3,
        },
        { keys: ['[unclosed'], use_regex: true, content: 'Never.', name: 'broken', insertion_order: 4 },
      ],
    };
    expect(promptOf(say('Take the ferry.'), chain).lore).toEqual(['ferry', 'Rook', 'council']);
    expect(promptOf(say('Take the ferry.'), { ...chain, recursive_scanning: false }).lore).toEqual(['ferry']);
  });

  it('runs a 200-entry book from the card corpus', () => {
    const data = lorebookCard().data as { character_book: { entries: unknown[] } };
    const lore = activateLore(data.character_book, {
      messages: ['We walk to place-12 and then Place 40, then secret-40.'],
      defaultBudgetTokens: 1000,
      countTokens: estimate,
    });
    const labels = [...lore.before, ...lore.after]
      .sort((a, b) => a.insertionOrder - b.insertionOrder)
      .map((e) => e.label);
    // 7 is constant; 12 fires, and so does 1 ("place-1" is inside "place-12": keys match as
    // substrings unless whole words are asked for, as in SillyTavern); 40 is selective and its
    // secondary key is there, and its "Place 40" carries "Place 4"; 17 never (disabled).
    expect([...labels].sort()).toEqual(['Place 1', 'Place 12', 'Place 4', 'Place 40', 'Place 7']);
    // In insertion order (200 - i): the highest place first.
    expect(labels).toEqual([...labels].sort((a, b) => Number(b.slice(6)) - Number(a.slice(6))));
    expect(
      activateLore(data.character_book, {
        messages: ['place-17'],
        defaultBudgetTokens: 1000,
        countTokens: estimate,
      }).before.map((e) => e.label),
    ).not.toContain('Place 17');
  });

  it('leaves a prompt without a book as it was', () => {
    const built = promptOf(say('Eldoria?'), null);
    expect(built.lore).toEqual([]);
    expect(built.messages[0]?.content).not.toContain('World and lore');
  });
});
