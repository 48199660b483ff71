import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';

/** Arabic (issue 19): Latin names keep their order in right-to-left text, arrows point and scroll the right way. */
const localesDir = path.resolve(import.meta.dirname, '../../packages/contract/locales');
interface ChipTexts {
  previous: string;
  next: string;
  names: Record<string, string>;
}
const chipTexts = (locale: string) =>
  (
    JSON.parse(fs.readFileSync(path.join(localesDir, locale, 'characters.json'), 'utf8')) as {
      chips: ChipTexts;
    }
  ).chips;
const ar = chipTexts('ar');
const en = chipTexts('en');

/** Where one character of an element's text is drawn: the x of the middle of its box. */
const charX = (el: Locator, index: number) =>
  el.evaluate((node, i) => {
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    const text = walker.nextNode();
    if (!text) throw new Error('no text');
    const range = document.createRange();
    range.setStart(text, i);
    range.setEnd(text, i + 1);
    const r = range.getBoundingClientRect();
    return r.left + r.width / 2;
  }, index);

// The machine the tests share can be slow to serve the first page.
test.describe.configure({ timeout: 90_000 });

const firstChipX = async (page: Page) =>
  (await page.getByTestId('chips').getByRole('link').first().boundingBox())?.x ?? NaN;

test('in Arabic, the LGBTQ+ chip reads "LGBTQ+", not "+LGBTQ"', async ({ page }) => {
  await page.goto('/ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const chip = page.getByTestId('chips').getByRole('link', { name: 'LGBTQ+', exact: true });
  await expect(chip).toHaveText('LGBTQ+', { timeout: 30_000 });
  await chip.scrollIntoViewIfNeeded();
  // Its own direction, from its own letters: left to right for a Latin name.
  expect(await chip.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
  // Drawn in that order: "+" right of "Q", "Q" right of "L".
  const [l, q, plus] = [await charX(chip, 0), await charX(chip, 4), await charX(chip, 5)];
  expect(q).toBeGreaterThan(l);
  expect(plus).toBeGreaterThan(q);
  // An Arabic chip name stays right to left.
  const romantic = page.getByTestId('chips').getByRole('link', { name: ar.names.Romantic ?? '' });
  expect(await romantic.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
});

for (const { locale, dir, labels } of [
  { locale: 'ar', dir: 'rtl', labels: ar },
  { locale: 'en', dir: 'ltr', labels: en },
] as const) {
  test(`the chip row's arrows point and scroll the ${dir} way (${locale})`, async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.goto(locale === 'en' ? '/' : `/${locale}`);
    const previous = page.getByRole('button', { name: labels.previous, exact: true });
    const next = page.getByRole('button', { name: labels.next, exact: true });
    await expect(page.getByTestId('chips').getByRole('link').first()).toBeVisible({ timeout: 30_000 });
    await expect(next).toBeVisible();

    // "Next" sits at the end of the row: right in English, left in Arabic; its chevron points
    // that way (the icon is a right chevron, mirrored in Arabic).
    const [p, n] = [await previous.boundingBox(), await next.boundingBox()];
    if (dir === 'rtl') expect(n!.x).toBeLessThan(p!.x);
    else expect(n!.x).toBeGreaterThan(p!.x);
    const scaleX = (b: Locator) =>
      b.locator('svg').evaluate((svg) => {
        const s = getComputedStyle(svg).scale;
        return s === 'none' ? 1 : Number(s.split(' ')[0]);
      });
    expect(await scaleX(next)).toBe(dir === 'rtl' ? -1 : 1);
    expect(await scaleX(previous)).toBe(dir === 'rtl' ? -1 : 1);

    // A click on "next" brings further chips into view: the row scrolls toward its end (a
    // negative scrollLeft in right-to-left) and its chips move toward the start side (left in
    // English, right in Arabic); "previous" brings them back.
    const row = page.getByTestId('chips');
    const scrollLeft = () => row.evaluate((el) => el.scrollLeft);
    const start = await firstChipX(page);
    await next.click();
    if (dir === 'rtl') await expect.poll(scrollLeft, { timeout: 10_000 }).toBeLessThan(-100);
    else await expect.poll(scrollLeft, { timeout: 10_000 }).toBeGreaterThan(100);
    const moved = (await firstChipX(page)) - start;
    if (dir === 'rtl') expect(moved).toBeGreaterThan(100);
    else expect(moved).toBeLessThan(-100);
    await previous.click();
    await expect.poll(scrollLeft, { timeout: 10_000 }).toBe(0);
  });
}
