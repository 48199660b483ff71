import { countTokens as cl100k } from 'gpt-tokenizer/encoding/cl100k_base';

/**
 * Tokens of a text, counted by a real BPE tokenizer: cl100k_base (gpt-tokenizer). The chat
 * profiles run Llama 3 family models, whose tokenizer is cl100k's 100,000 tokens plus 28,000
 * more for other languages: for a text, Llama 3 needs at most about as many tokens as cl100k
 * counts, so a prompt counted here fits the model's context. A model with a smaller vocabulary
 * (Llama 2, Mistral 7B) needs more: its profile's context should be set with margin.
 *
 * Counting is a few microseconds per hundred characters; a chat's messages are counted again on
 * every reply, so the counts are kept per text (least recently used out first).
 */
export function createTokenCounter(
  maxEntries = 50_000,
  count: (text: string) => number = cl100k,
): (text: string) => number {
  const counts = new Map<string, number>();
  return (text: string) => {
    if (!text) return 0;
    const known = counts.get(text);
    if (known !== undefined) {
      counts.delete(text);
      counts.set(text, known);
      return known;
    }
    const n = count(text);
    counts.set(text, n);
    if (counts.size > maxEntries) counts.delete(counts.keys().next().value as string);
    return n;
  };
}

/** The process's counter, shared by every chat. */
export const countTokens = createTokenCounter();
