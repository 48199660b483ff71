import { describe, expect, it } from 'vitest';
import { formatCount, formatDay } from './format';

describe('formatCount', () => {
  it('shows thousands with one decimal and K', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1K');
    expect(formatCount(1250)).toBe('1.2K');
    expect(formatCount(12_599)).toBe('12.5K');
    expect(formatCount(2_345_678)).toBe('2.3M');
  });
  it('formats dates as YYYY-MM-DD in UTC', () => {
    expect(formatDay(Date.UTC(2026, 0, 5, 23, 0))).toBe('2026-01-05');
  });
});
