import { describe, expect, it } from 'vitest';
import { TurnCache } from './turn-cache';

const turns = (n: number, text = 'x'.repeat(84)) =>
  Array.from({ length: n }, (_, i) => ({ id: i + 1, role: 'user' as const, content: text }));

describe('TurnCache', () => {
  it('keeps copies within its size, dropping the least recently used first', () => {
    // Each copy of 10 turns of 84 characters counts 10 * (84 + 16) = 1000.
    const cache = new TurnCache(2500);
    cache.set('a', 1, turns(10));
    cache.set('b', 1, turns(10));
    expect(cache.get('a')?.revision).toBe(1); // a is now the most recent
    cache.set('c', 1, turns(10));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.turns).toHaveLength(10);
    expect(cache.get('c')).toBeDefined();
    expect(cache.chars).toBe(2000);
  });

  it('replaces a copy, and keeps none larger than itself', () => {
    const cache = new TurnCache(1500);
    cache.set('a', 1, turns(10));
    cache.set('a', 2, turns(5));
    expect(cache.get('a')?.revision).toBe(2);
    expect(cache.chars).toBe(500);
    cache.set('a', 3, turns(20));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.chars).toBe(0);
  });
});
