import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  SEARCH_HISTORY_KEY,
  SEARCH_HISTORY_MAX,
  addToHistory,
  normalizeQuery,
  readHistory,
  removeFromHistory,
  sanitizeHistory,
} from './search-history';
import { useSearchHistory } from './use-search-history';

const stored = () => JSON.parse(localStorage.getItem(SEARCH_HISTORY_KEY) ?? 'null') as unknown;

describe('search history rules (spec §5)', () => {
  it('puts the newest search first', () => {
    let history: string[] = [];
    for (const q of ['elf', 'pirate', 'vampire']) history = addToHistory(history, q);
    expect(history).toEqual(['vampire', 'pirate', 'elf']);
  });

  it('keeps no duplicates: searching again moves the query to the front', () => {
    expect(addToHistory(['vampire', 'pirate', 'elf'], 'elf')).toEqual(['elf', 'vampire', 'pirate']);
  });

  it('treats another casing as the same search and keeps the newest spelling', () => {
    expect(addToHistory(['anime', 'goth'], 'Anime')).toEqual(['Anime', 'goth']);
  });

  it(`keeps at most ${SEARCH_HISTORY_MAX}, dropping the oldest`, () => {
    let history: string[] = [];
    for (let i = 1; i <= 15; i += 1) history = addToHistory(history, `q${i}`);
    expect(history).toHaveLength(SEARCH_HISTORY_MAX);
    expect(history[0]).toBe('q15');
    expect(history.at(-1)).toBe('q6');
  });

  it('trims the query before storing it', () => {
    expect(normalizeQuery('  mafia boss \n')).toBe('mafia boss');
    expect(addToHistory(['mafia boss'], '  mafia boss  ')).toEqual(['mafia boss']);
  });

  it('ignores empty and whitespace-only queries', () => {
    const history = ['goth'];
    expect(addToHistory(history, '')).toEqual(['goth']);
    expect(addToHistory(history, '   \t\n')).toEqual(['goth']);
  });

  it('does not change the history it was given', () => {
    const history = Object.freeze(['a', 'b']);
    addToHistory(history, 'c');
    removeFromHistory(history, 'a');
    expect(history).toEqual(['a', 'b']);
  });

  it('removes one entry', () => {
    expect(removeFromHistory(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
  });

  it('repairs whatever is stored: non-strings, blanks, duplicates and overflow', () => {
    expect(sanitizeHistory('nope')).toEqual([]);
    expect(sanitizeHistory(null)).toEqual([]);
    expect(sanitizeHistory(['new', 3, ' ', 'old', 'NEW', ' x '])).toEqual(['new', 'old', 'x']);
    expect(sanitizeHistory(Array.from({ length: 20 }, (_, i) => `q${i}`))).toEqual(
      Array.from({ length: 10 }, (_, i) => `q${i}`),
    );
  });
});

describe('useSearchHistory', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('reads, adds, removes and clears through localStorage', () => {
    localStorage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(['goth']));
    const { result } = renderHook(() => useSearchHistory());
    expect(result.current.history).toEqual(['goth']);

    act(() => result.current.add('  Mafia  '));
    expect(result.current.history).toEqual(['Mafia', 'goth']);
    expect(stored()).toEqual(['Mafia', 'goth']);

    act(() => result.current.add('   '));
    expect(result.current.history).toEqual(['Mafia', 'goth']);

    act(() => result.current.remove('goth'));
    expect(readHistory()).toEqual(['Mafia']);

    act(() => result.current.clear());
    expect(result.current.history).toEqual([]);
    expect(stored()).toEqual([]);
  });

  it('shares one history between components', () => {
    const a = renderHook(() => useSearchHistory());
    const b = renderHook(() => useSearchHistory());
    act(() => a.result.current.add('elf'));
    expect(b.result.current.history).toEqual(['elf']);
  });
});
