import { describe, expect, it } from 'vitest';
import {
  beforeClip,
  clampPercent,
  COMPARE_PAGE_STEP,
  COMPARE_STEP,
  percentFromKey,
  percentFromPointer,
} from './compare';

const box = { left: 100, width: 400 };

describe('before/after slider', () => {
  it('clamps to 0-100', () => {
    expect(clampPercent(-3)).toBe(0);
    expect(clampPercent(42)).toBe(42);
    expect(clampPercent(130)).toBe(100);
  });

  it('reads the pointer from the left edge in left-to-right pages', () => {
    expect(percentFromPointer(100, box, false)).toBe(0);
    expect(percentFromPointer(200, box, false)).toBe(25);
    expect(percentFromPointer(500, box, false)).toBe(100);
    expect(percentFromPointer(900, box, false)).toBe(100);
    expect(percentFromPointer(0, box, false)).toBe(0);
  });

  it('reads it from the right edge in right-to-left pages', () => {
    expect(percentFromPointer(200, box, true)).toBe(75);
    expect(percentFromPointer(500, box, true)).toBe(0);
    expect(percentFromPointer(100, box, true)).toBe(100);
  });

  it('keeps the middle for a box with no width', () => {
    expect(percentFromPointer(10, { left: 0, width: 0 }, false)).toBe(50);
  });

  it('moves the divider the way the arrow points on screen', () => {
    expect(percentFromKey(50, 'ArrowRight', false)).toBe(50 + COMPARE_STEP);
    expect(percentFromKey(50, 'ArrowLeft', false)).toBe(50 - COMPARE_STEP);
    // Right to left: the value grows toward the left, so Left grows it.
    expect(percentFromKey(50, 'ArrowLeft', true)).toBe(50 + COMPARE_STEP);
    expect(percentFromKey(50, 'ArrowRight', true)).toBe(50 - COMPARE_STEP);
  });

  it('Up, Down, Page Up, Page Down, Home and End work on the value in both directions', () => {
    for (const rtl of [false, true]) {
      expect(percentFromKey(50, 'ArrowUp', rtl)).toBe(50 + COMPARE_STEP);
      expect(percentFromKey(50, 'ArrowDown', rtl)).toBe(50 - COMPARE_STEP);
      expect(percentFromKey(50, 'PageUp', rtl)).toBe(50 + COMPARE_PAGE_STEP);
      expect(percentFromKey(50, 'PageDown', rtl)).toBe(50 - COMPARE_PAGE_STEP);
      expect(percentFromKey(50, 'Home', rtl)).toBe(0);
      expect(percentFromKey(50, 'End', rtl)).toBe(100);
    }
  });

  it('stops at the ends, and leaves other keys alone', () => {
    expect(percentFromKey(98, 'ArrowRight', false)).toBe(100);
    expect(percentFromKey(2, 'ArrowDown', false)).toBe(0);
    expect(percentFromKey(90, 'PageUp', true)).toBe(100);
    expect(percentFromKey(50, 'Enter', false)).toBeNull();
    expect(percentFromKey(50, 'a', true)).toBeNull();
  });

  it('clips the before photo to the start side', () => {
    expect(beforeClip(30, false)).toBe('inset(0 70% 0 0)');
    expect(beforeClip(30, true)).toBe('inset(0 0 0 70%)');
    expect(beforeClip(100, false)).toBe('inset(0 0% 0 0)');
    expect(beforeClip(-5, true)).toBe('inset(0 0 0 100%)');
  });
});
