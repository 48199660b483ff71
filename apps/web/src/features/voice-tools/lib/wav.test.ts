import { describe, expect, it } from 'vitest';
import { downmix } from './wav';

describe('downmix', () => {
  it('averages channels', () => {
    expect([...downmix([new Float32Array([1, 0]), new Float32Array([0, -1])])]).toEqual([0.5, -0.5]);
  });

  it('passes one channel through and answers nothing for none', () => {
    const one = new Float32Array([0.25]);
    expect(downmix([one])).toBe(one);
    expect(downmix([]).length).toBe(0);
  });
});
