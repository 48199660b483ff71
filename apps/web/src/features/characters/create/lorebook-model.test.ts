import { LOREBOOK_LIMITS, type Lorebook, type LorebookEntry } from '@lumi/contract';
import { describe, expect, it } from 'vitest';
import { bookJson, lorebookField } from './form-model';
import {
  estimateTokens,
  formBook,
  isBlankBook,
  loreProblems,
  newEntry,
  settingsOf,
  viewOf,
  withChanges,
  withSettings,
} from './lorebook-model';

/** An entry as SillyTavern exports it into a card. */
const stEntry = (): LorebookEntry => ({
  id: 3,
  keys: ['Eldoria'],
  secondary_keys: ['healer'],
  comment: 'Eldoria',
  content: 'Eldoria is a river kingdom.',
  constant: false,
  selective: true,
  insertion_order: 100,
  enabled: true,
  position: 'after_char',
  use_regex: true,
  extensions: {
    position: 1,
    selectiveLogic: 3,
    case_sensitive: null,
    match_whole_words: null,
    display_index: 3,
    probability: 100,
  },
});

describe('an entry as the step reads it', () => {
  it('reads what the chat reads (lorebook.ts)', () => {
    expect(viewOf(stEntry(), 0)).toEqual({
      title: 'Eldoria',
      keys: ['Eldoria'],
      secondaryKeys: ['healer'],
      logic: 'and_all',
      content: 'Eldoria is a river kingdom.',
      enabled: true,
      constant: false,
      caseSensitive: false,
      wholeWords: false,
      position: 'after_char',
      order: 100,
    });
    // A position only in the extensions, secondary keys that are not selective, a name.
    const other = viewOf(
      {
        keys: [],
        content: '',
        name: 'The vow',
        comment: 'memo',
        secondary_keys: ['x'],
        extensions: { position: 1 },
      },
      4,
    );
    expect(other).toMatchObject({ title: 'The vow', position: 'after_char', secondaryKeys: [], order: 4 });
  });

  it('writes each change where the chat and SillyTavern read it, and nothing else', () => {
    const entry = stEntry();
    expect(withChanges(entry, {})).toEqual(entry);
    const changed = withChanges(entry, {
      title: 'Eldoria, the river kingdom',
      keys: ['Eldoria', 'river'],
      content: 'Now ruled by the healers.',
      caseSensitive: true,
      wholeWords: true,
      position: 'before_char',
      logic: 'not_any',
      enabled: false,
      order: 5,
    });
    expect(changed).toEqual({
      ...entry,
      comment: 'Eldoria, the river kingdom',
      keys: ['Eldoria', 'river'],
      content: 'Now ruled by the healers.',
      case_sensitive: true,
      position: 'before_char',
      enabled: false,
      insertion_order: 5,
      extensions: {
        ...entry.extensions,
        position: 0,
        selectiveLogic: 2,
        case_sensitive: true,
        match_whole_words: true,
      },
    });
    // Secondary keys make the entry selective; none, not.
    expect(withChanges(entry, { secondaryKeys: [] })).toMatchObject({ secondary_keys: [], selective: false });
    // A named entry keeps its name in `name` (and its comment, when it was the same).
    expect(withChanges({ keys: [], content: '', name: 'A', comment: 'A' }, { title: 'B' })).toMatchObject({
      name: 'B',
      comment: 'B',
    });
    expect(withChanges({ keys: [], content: '', name: 'A', comment: 'memo' }, { title: 'B' })).toMatchObject({
      name: 'B',
      comment: 'memo',
    });
  });

  it('adds new entries after the others in the prompt', () => {
    expect(newEntry(null)).toMatchObject({ enabled: true, insertion_order: 100, position: 'before_char' });
    const book: Lorebook = { entries: [stEntry(), { ...stEntry(), insertion_order: 7 }] };
    expect(newEntry(book).insertion_order).toBe(101);
  });
});

describe('a book as the form holds it', () => {
  it('keeps a well-formed book exactly, every unknown key included', () => {
    const book = { name: 'World', scan_depth: 6, extensions: { tool: 1 }, entries: [stEntry()] };
    expect(formBook(book)).toEqual(book);
    expect(formBook(null)).toBeNull();
    expect(formBook({ entries: 'none' })).toBeNull();
  });

  it('puts what the step cannot show as the chat reads it', () => {
    const odd = {
      scan_depth: 'deep',
      token_budget: 2048.6,
      recursive_scanning: 1,
      entries: [
        'not an entry',
        {
          keys: ['a', 3],
          content: 7,
          position: 0,
          comment: 12,
          enabled: 'yes',
          secondary_keys: 'b',
          extensions: [],
        },
      ],
    };
    expect(formBook(odd)).toEqual({
      token_budget: 2049,
      recursive_scanning: false,
      entries: [{ keys: ['a'], content: '', position: 'before_char', enabled: true, extensions: {} }],
    });
  });

  it('sends the book only when it differs from the one the server keeps', () => {
    const book: Lorebook = { entries: [stEntry()] };
    // Not known yet (an edit's book not loaded): nothing.
    expect(lorebookField(book, undefined)).toBeUndefined();
    expect(lorebookField(book, bookJson(book))).toBeUndefined();
    expect(lorebookField(book, bookJson(null))).toBe(JSON.stringify(book));
    // Emptied: no book.
    expect(lorebookField({ entries: [], extensions: {} }, bookJson(book))).toBe('null');
    expect(isBlankBook({ entries: [], extensions: {} })).toBe(true);
    expect(isBlankBook({ entries: [], scan_depth: 2 })).toBe(false);
  });

  it('sets and clears the book settings', () => {
    const book = withSettings({ entries: [] }, { scanDepth: 8, tokenBudget: 512, recursive: true });
    expect(settingsOf(book)).toEqual({ scanDepth: 8, tokenBudget: 512, recursive: true });
    expect(withSettings(book, { scanDepth: null })).not.toHaveProperty('scan_depth');
  });
});

describe('what the step flags', () => {
  it('names each problem where it is, by the contract’s limits', () => {
    const L = LOREBOOK_LIMITS;
    const problems = loreProblems({
      scan_depth: L.scanDepth + 1,
      entries: [
        stEntry(),
        {
          ...stEntry(),
          keys: Array.from({ length: L.keys + 1 }, (_, i) => `k${i}`),
          content: 'x'.repeat(L.content + 1),
        },
        { ...stEntry(), secondary_keys: ['y'.repeat(L.keyLength + 1)] },
      ],
    });
    expect(problems.book).toEqual({ scanDepth: { key: 'outOfRange', min: 0, max: L.scanDepth } });
    expect(problems.entries.get(0)).toBeUndefined();
    expect(problems.entries.get(1)).toEqual({
      keys: { key: 'tooManyKeys', max: L.keys },
      content: { key: 'tooLong', max: L.content },
    });
    expect(problems.entries.get(2)).toEqual({ secondaryKeys: { key: 'tooLong', max: L.keyLength } });
    const many = loreProblems({ entries: Array.from({ length: L.entries + 1 }, () => stEntry()) });
    expect(many.book.entries).toEqual({ key: 'tooManyEntries', max: L.entries });
  });
});

describe('the token-ish length', () => {
  it('counts about four Latin letters a token, two of other scripts, one per CJK character', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('Eldoria is a river kingdom.')).toBe(7);
    expect(estimateTokens('Привет')).toBe(3);
    expect(estimateTokens('世界书')).toBe(3);
  });
});
