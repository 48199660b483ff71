/** Wider than this, a tool's result sits beside its form and is always in sight. */
const DESKTOP = '(min-width: 1024px)';

/**
 * Phones, where a tool's result sits under its (long) form: scrolls `element` to the top of the
 * screen, smoothly unless the visitor asked for reduced motion. With `ifHidden`, only when its top
 * is not in the upper half of the screen already (the visitor may have scrolled while waiting).
 */
export function revealOnPhones(element: HTMLElement | null, { ifHidden = false } = {}): void {
  if (!element || window.matchMedia(DESKTOP).matches) return;
  if (ifHidden) {
    const top = element.getBoundingClientRect().top;
    if (top >= 0 && top <= window.innerHeight / 2) return;
  }
  const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  element.scrollIntoView({ behavior: still ? 'auto' : 'smooth', block: 'start' });
}
