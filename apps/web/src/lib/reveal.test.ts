import { afterEach, describe, expect, it, vi } from 'vitest';
import { revealOnPhones } from './reveal';

function setup({ desktop = false, still = false, top = 2000 } = {}) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: query.includes('min-width') ? desktop : query.includes('reduce') ? still : false,
      }) as MediaQueryList,
  );
  const element = document.createElement('section');
  element.getBoundingClientRect = () => ({ top }) as DOMRect;
  const scroll = vi.fn();
  element.scrollIntoView = scroll;
  return { element, scroll };
}

describe('revealOnPhones', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('scrolls smoothly on a phone, at once when reduced motion is asked for', () => {
    const smooth = setup();
    revealOnPhones(smooth.element);
    expect(smooth.scroll).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    const still = setup({ still: true });
    revealOnPhones(still.element);
    expect(still.scroll).toHaveBeenCalledWith({ behavior: 'auto', block: 'start' });
  });

  it('leaves desktops alone, where the result is beside the form', () => {
    const { element, scroll } = setup({ desktop: true });
    revealOnPhones(element);
    expect(scroll).not.toHaveBeenCalled();
  });

  it('with ifHidden, scrolls only when the top is above the screen or low on it', () => {
    for (const [top, moves] of [
      [-300, true],
      [100, false],
      [window.innerHeight / 2, false],
      [window.innerHeight - 10, true],
    ] as const) {
      const { element, scroll } = setup({ top });
      revealOnPhones(element, { ifHidden: true });
      expect(scroll.mock.calls.length, `top ${top}`).toBe(moves ? 1 : 0);
    }
  });
});
