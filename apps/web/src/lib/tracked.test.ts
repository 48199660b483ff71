import { describe, expect, it } from 'vitest';
import { settledValue, track } from './tracked';

describe('track', () => {
  it('marks a promise with its value once it resolves, as React’s use reads it', async () => {
    const promise = track(Promise.resolve(42));
    expect(settledValue(promise)).toBeUndefined();
    await promise;
    expect(settledValue(promise)).toBe(42);
    expect(promise).toMatchObject({ status: 'fulfilled', value: 42 });
  });

  it('marks a failure without making one of its own, and has no value', async () => {
    const unhandled: unknown[] = [];
    const listen = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', listen);
    try {
      const promise = track(Promise.reject(new Error('gone')));
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(promise).toMatchObject({ status: 'rejected', reason: new Error('gone') });
      expect(settledValue(promise)).toBeUndefined();
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', listen);
    }
  });
});
