import { afterEach, describe, expect, it, vi } from 'vitest';
import { frameBatch } from './frame-batch';

afterEach(() => vi.useRealTimers());

describe('frameBatch', () => {
  it('hands on the pieces of one frame together, and at once on flush', async () => {
    const delivered: string[] = [];
    const batch = frameBatch((text) => delivered.push(text));
    batch.push('Hel');
    batch.push('lo');
    expect(delivered).toEqual([]);
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    expect(delivered).toEqual(['Hello']);
    batch.push(' there');
    batch.flush();
    expect(delivered).toEqual(['Hello', ' there']);
    batch.flush();
    expect(delivered).toEqual(['Hello', ' there']);
  });
});
