import { expect, type Page } from '@playwright/test';

/** A phone's screen: what every layout check is run at. */
export const PHONE = { width: 390, height: 844 } as const;

interface Overflow {
  scrollWidth: number;
  innerWidth: number;
  /** The elements reaching past the screen's edges, outermost first. */
  offenders: string[];
}

/**
 * Measures the page: how wide the document is against the window, and which elements stick out.
 * Elements inside a box that clips or scrolls sideways (a chip row, a carousel) are passed over,
 * as they cannot widen the page; so are fixed ones (a closed drawer waits off-screen).
 */
function measure(): Overflow {
  const root = document.documentElement;
  const width = root.clientWidth;
  const describe = (el: Element) => {
    const id = el.id ? `#${el.id}` : '';
    const testId = el.getAttribute('data-testid');
    const cls =
      typeof el.className === 'string' ? el.className.trim().split(/\s+/).slice(0, 6).join('.') : '';
    const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    const rect = el.getBoundingClientRect();
    return `<${el.tagName.toLowerCase()}${id}${testId ? `[data-testid=${testId}]` : ''}${cls ? `.${cls}` : ''}> ${Math.round(rect.left)}..${Math.round(rect.right)} px${text ? ` "${text}"` : ''}`;
  };
  const clipped = (el: Element): boolean => {
    for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.overflowX !== 'visible' || style.position === 'fixed') return true;
    }
    return false;
  };
  const offenders: string[] = [];
  const seen = new Set<Element>();
  for (const el of Array.from(document.body.querySelectorAll('*'))) {
    const rect = el.getBoundingClientRect();
    // Nothing drawn, or a 1 px box kept for screen readers only (the skip link).
    if (rect.width <= 1 || rect.height <= 1) continue;
    const left = rect.left + window.scrollX;
    const right = rect.right + window.scrollX;
    if (right <= width + 0.5 && left >= -0.5) continue;
    if (getComputedStyle(el).position === 'fixed' || clipped(el)) continue;
    // Only the outermost of a chain, and the deepest one, say where it starts; keep both ends.
    if (el.parentElement && seen.has(el.parentElement) && el.children.length > 0) {
      seen.add(el);
      continue;
    }
    seen.add(el);
    offenders.push(describe(el));
  }
  return { scrollWidth: root.scrollWidth, innerWidth: width, offenders: offenders.slice(0, 15) };
}

/**
 * The page is no wider than the screen: nothing can be scrolled to sideways. The failure names
 * the elements that stick out, with where they reach.
 */
export async function expectNoHorizontalOverflow(page: Page, where = page.url()): Promise<void> {
  const result = await page.evaluate(measure);
  expect(
    result.scrollWidth,
    `${where} is ${result.scrollWidth} px wide on a ${result.innerWidth} px screen; sticking out:\n  ${result.offenders.join('\n  ') || '(nothing found outside a clipped box)'}`,
  ).toBeLessThanOrEqual(result.innerWidth);
}

/**
 * A full-screen page (the chats) fills the screen exactly: the document itself cannot be
 * scrolled, not even by a pixel, so only the conversation scrolls.
 */
export async function expectNoVerticalScroll(page: Page, where = page.url()): Promise<void> {
  const { scrollHeight, innerHeight } = await page.evaluate(() => ({
    scrollHeight: document.documentElement.scrollHeight,
    innerHeight: window.innerHeight,
  }));
  expect(
    scrollHeight,
    `${where} is ${scrollHeight} px tall on a ${innerHeight} px screen`,
  ).toBeLessThanOrEqual(innerHeight);
}

/** Waits until the page has drawn what it loads first: its main landmark, fonts, and quiet network. */
export async function settle(page: Page): Promise<void> {
  await page.locator('main').first().waitFor();
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}
