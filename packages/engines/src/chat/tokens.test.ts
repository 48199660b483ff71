import { describe, expect, it } from 'vitest';
import { countTokens, createTokenCounter } from './tokens';

describe('token counting', () => {
  it('counts with cl100k_base, as OpenAI’s tokenizer splits these texts', () => {
    // Reference counts of cl100k_base (tiktoken): "Hello world" is ["Hello", " world"].
    expect(countTokens('Hello world')).toBe(2);
    expect(countTokens('')).toBe(0);
    expect(countTokens(' world world world')).toBe(3);
    // Scripts the old estimate guessed at: counted, not guessed.
    expect(countTokens('ليلى خطاطة')).toBeGreaterThan(2);
    expect(countTokens('よろしくお願いします')).toBeGreaterThan(3);
  });

  it('keeps counts per text, the least recently used leaving first', () => {
    const counted: string[] = [];
    const count = createTokenCounter(2, (text) => {
      counted.push(text);
      return text.split(' ').length;
    });
    expect(count('one two')).toBe(2);
    expect(count('three')).toBe(1);
    expect(count('one two')).toBe(2); // kept, and now the most recent
    expect(count('four five six')).toBe(3); // "three" leaves
    expect(count('one two')).toBe(2);
    expect(count('three')).toBe(1); // counted again
    expect(counted).toEqual(['one two', 'three', 'four five six', 'three']);
  });
});
