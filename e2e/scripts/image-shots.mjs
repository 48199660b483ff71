// Review screenshots of the image tools (not a test): BASE, WIDTHS, LOCALES. Generates on the
// anime page, shares the result and opens its page, opens the girl builder and the gallery.
// (shots.mjs)
import { base, eachView } from './shots.mjs';

await eachView(async ({ page, ctx, prefix, shot }) => {
  await ctx.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`${base}${prefix}/free-ai-anime-generator`, { waitUntil: 'networkidle' });
  await shot('anime-empty');
  await page.getByTestId('preset-anime-cyberpunk').click();
  await page.getByTestId('generate').filter({ visible: true }).click();
  await page.getByTestId('generation-done').waitFor({ timeout: 30000 });
  await page.evaluate(() => globalThis.scrollTo(0, 0));
  await shot('anime-results');
  await page.getByTestId('result-image').first().getByRole('button').nth(0).click();
  await shot('anime-zoom');
  await page.keyboard.press('Escape');
  await page.getByTestId('result-image').first().getByRole('button').nth(4).click();
  const link = await page.getByTestId('share-link').inputValue();
  await shot('anime-share');
  await page.keyboard.press('Escape');
  await page.goto(link, { waitUntil: 'networkidle' });
  await shot('share-page');

  await page.goto(`${base}${prefix}/free-ai-girl-generator`, { waitUntil: 'networkidle' });
  await page.getByRole('tab').nth(1).click();
  await shot('girl-builder');
  await page.getByTestId('builder-occupation').scrollIntoViewIfNeeded();
  await shot('girl-builder-long');

  await page.goto(`${base}${prefix}/free-ai-image-generator?tab=explore`, { waitUntil: 'networkidle' });
  await shot('explore');
});
