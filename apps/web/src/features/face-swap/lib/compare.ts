/**
 * The before/after slider's arithmetic. Its value is the share of the picture, in percent, that
 * shows the photo before the swap, measured from the inline start: the left edge in left-to-right
 * pages, the right edge in right-to-left ones, so Arabic mirrors the comparison.
 */
export const COMPARE_START = 50;
/** Arrow keys move the divider this much; Page Up and Page Down more. */
export const COMPARE_STEP = 5;
export const COMPARE_PAGE_STEP = 25;

export const clampPercent = (value: number) => Math.min(100, Math.max(0, value));

/** The value at a pointer's x over the picture's box. */
export function percentFromPointer(
  clientX: number,
  box: { left: number; width: number },
  rtl: boolean,
): number {
  if (box.width <= 0) return COMPARE_START;
  const fromLeft = clampPercent(((clientX - box.left) / box.width) * 100);
  return rtl ? 100 - fromLeft : fromLeft;
}

/**
 * The value after a key press, or null when the key is not the slider's. Left and Right move
 * the divider the way they point on screen (in right-to-left pages Left grows the value, as a
 * native range input does); Up, Down, Page Up, Page Down, Home and End work on the value.
 */
export function percentFromKey(value: number, key: string, rtl: boolean): number | null {
  const towardEnd = rtl ? -1 : 1;
  switch (key) {
    case 'ArrowRight':
      return clampPercent(value + COMPARE_STEP * towardEnd);
    case 'ArrowLeft':
      return clampPercent(value - COMPARE_STEP * towardEnd);
    case 'ArrowUp':
      return clampPercent(value + COMPARE_STEP);
    case 'ArrowDown':
      return clampPercent(value - COMPARE_STEP);
    case 'PageUp':
      return clampPercent(value + COMPARE_PAGE_STEP);
    case 'PageDown':
      return clampPercent(value - COMPARE_PAGE_STEP);
    case 'Home':
      return 0;
    case 'End':
      return 100;
    default:
      return null;
  }
}

/**
 * The clip-path that leaves the before photo's part showing. Pictures are not mirrored in
 * right-to-left pages, so this is in physical terms: the kept part is on the right there.
 */
export function beforeClip(value: number, rtl: boolean): string {
  const hidden = `${100 - clampPercent(value)}%`;
  return rtl ? `inset(0 0 0 ${hidden})` : `inset(0 ${hidden} 0 0)`;
}
