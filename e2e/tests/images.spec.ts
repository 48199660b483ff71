import { expect, test } from '@playwright/test';
import { expectJobDone } from './jobs';
import { CLUSTER } from './tags';

// Copy link writes to the clipboard; the test reads it back.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test(
  'anime generator: a preset, queue to results, zoom, download, share; the link works signed out',
  CLUSTER,
  async ({ page, browser }) => {
    // Many steps, and a second browser context: more than the default 30 s when the machine is busy.
    test.setTimeout(90_000);
    await page.goto('/free-ai-anime-generator');
    await expect(page.getByTestId('credits-balance')).toHaveText('30');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI Anime Generator');

    // A guest pays nothing extra for the standard model; fast is free a few times a day.
    await expect(page.getByRole('radio', { name: /^Advanced/ })).toBeDisabled();
    await expect(page.getByTestId('fast-free')).toHaveText('Fast: 5 free a day');

    await page.getByTestId('preset-anime-watercolor').click();
    await expect(page.getByRole('radio', { name: 'Watercolor' })).toBeChecked();
    // The site runs the offline preview renderer: no AI model, so its pictures are free.
    const generate = page.getByTestId('generate').filter({ visible: true });
    await expect(generate).toHaveText('Generate · free in preview');
    await expect(page.getByTestId('preview-free')).toContainText('cost no credits');
    await generate.click();

    // In queue, then Generating, then the results.
    const done = page.getByTestId('generation-done');
    await expectJobDone(page.getByTestId('generation-status'), done, /Sending|In queue|Generating/, 20_000);
    await expect(page.getByTestId('credits-balance')).toHaveText('30');

    const card = done.getByTestId('result-image');
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('img')).toHaveJSProperty('complete', true);
    expect(await card.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(768);
    await expect(card.getByTestId('preview-badge')).toHaveText('Preview engine');
    await expect(done.getByTestId('preview-note')).toContainText('not an AI model');

    // Zoom opens the full picture; Escape closes it.
    await card.getByRole('button', { name: 'Zoom', exact: true }).click();
    const zoom = page.getByRole('dialog');
    await expect(zoom.getByRole('img')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(zoom).toBeHidden();

    // Contrast is a toggle.
    const contrast = card.getByRole('button', { name: 'Contrast' });
    await contrast.click();
    await expect(contrast).toHaveAttribute('aria-pressed', 'true');

    // Download saves a webp.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^anime-[0-9a-f-]+-1\.webp$/);

    // Share makes the picture public and offers X, Facebook and the link.
    await card.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share your picture' });
    await expect(dialog.getByRole('link', { name: 'Share on X' })).toHaveAttribute(
      'href',
      /^https:\/\/twitter\.com\/intent\/tweet\?url=/,
    );
    await expect(dialog.getByRole('link', { name: 'Facebook' })).toHaveAttribute(
      'href',
      /^https:\/\/www\.facebook\.com\/sharer\/sharer\.php\?u=/,
    );
    const link = await dialog.getByLabel('Share link').inputValue();
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/share\/[0-9a-f]+$/);
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByText('Link copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await page.keyboard.press('Escape');

    // The history keeps the generation for the next visit, and the page resumes it.
    await page.reload();
    await expect(page.getByTestId('generation-done').getByTestId('result-image')).toHaveCount(1);
    await expect(page.getByRole('radio', { name: 'Watercolor' })).toBeChecked();

    // A signed-out visitor opens the link.
    const visitor = await browser.newContext();
    const other = await visitor.newPage();
    await other.goto(link);
    // The link's preview on X or Facebook shows the picture itself, described by its prompt.
    const sharedHtml = await (await other.request.get(link)).text();
    // (the site's own /files/, or the bucket's public address when files live on S3)
    expect(sharedHtml).toMatch(/<meta property="og:image" content="http[^"]+\/(files|public)\/[^"]+\.webp"/);
    expect(sharedHtml).toContain('<meta property="og:image:width" content="768" />');
    const image = other.getByTestId('shared-image');
    await expect(image).toBeVisible();
    // Visible is not loaded: from a bucket behind a proxy, the picture may arrive a moment later.
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(768);
    await expect(other.getByTestId('preview-badge')).toBeVisible();
    await expect(other.getByRole('heading', { level: 1 })).toHaveText('AI Anime Generator');
    const makeYourOwn = other.getByRole('link', { name: 'Make your own' });
    await expect(makeYourOwn).toHaveAttribute('href', '/free-ai-anime-generator');
    await makeYourOwn.click();
    await expect(other).toHaveURL(/\/free-ai-anime-generator$/);
    await visitor.close();
  },
);

test('a share link that leads nowhere says so', async ({ page }) => {
  await page.goto('/share/0000000000000000');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("This picture isn't here");
  await expect(page.getByRole('link', { name: 'Make your own' })).toBeVisible();
});

test('girl builder: Generate waits for the required choices, then makes the picture', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/free-ai-girl-generator');
  await page.getByRole('tab', { name: 'Build your girl' }).click();
  const generate = page.getByTestId('generate').filter({ visible: true });
  await expect(generate).toBeDisabled();
  await expect(page.getByTestId('generate-tip').filter({ visible: true })).toHaveText(
    'Choose 12 more required options (marked *).',
  );

  const choose = async (field: string, option: string) =>
    page.getByTestId(`builder-${field}`).getByText(option, { exact: true }).click();
  await choose('style', 'Realistic');
  await choose('ethnicity', 'Latina');
  await choose('eyes', 'Green');
  await choose('hair_style', 'Ponytail');
  await choose('hair_color', 'Brunette');
  await choose('body', 'Athletic');
  await choose('breast', 'Medium');
  await choose('butt', 'Athletic');
  // Her voice (spec §3: 5 voices), not required: "Any" until one is chosen.
  const voice = page.getByTestId('builder-voice');
  await expect(voice.getByRole('radio')).toHaveCount(6);
  await expect(voice.getByRole('radio', { name: 'Any' })).toBeChecked();
  await choose('voice', 'Bella · Soft and warm');
  await expect(voice.getByRole('radio', { name: 'Bella · Soft and warm' })).toBeChecked();
  await choose('personality', 'Confidant');
  await page.getByTestId('builder-occupation').getByRole('searchbox').fill('astro');
  await choose('occupation', 'Astronaut');
  await choose('relationship', 'Colleague');
  await expect(page.getByTestId('generate-tip').filter({ visible: true })).toHaveText(
    'Still to choose: Clothing',
  );
  await choose('clothing', 'Space suit');
  for (const hobby of ['Reading', 'Gaming', 'Cooking', 'Baking', 'Dancing']) await choose('hobbies', hobby);
  await expect(page.getByTestId('builder-hobbies').getByRole('checkbox', { name: 'Singing' })).toBeDisabled();

  await expect(generate).toBeEnabled();
  const sent = page.waitForRequest(
    (request) => request.url().endsWith('/cgi-bin/auth/aigc/image') && request.method() === 'POST',
  );
  await generate.click();
  expect((await sent).postDataJSON()).toMatchObject({
    builder: { style: 'realistic', voice: 'bella', clothing: 'space suit' },
  });
  await expect(page.getByTestId('generation-done').getByTestId('result-image')).toHaveCount(1, {
    timeout: 20_000,
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('girl builder: generated from the bottom, the picture comes into view and the history lists it', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // The job's end is held back until the visitor has scrolled down again, as one does while waiting.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/cgi-bin/auth/aigc/status?*', async (route) => {
      await released;
      await route.continue();
    });

    // A visitor who said "Not now" to the app prompt before (it would cover the chips).
    await page.addInitScript(() => localStorage.setItem('appPromptDismissedAt', String(Date.now())));

    await page.goto('/free-ai-girl-generator');
    await page.getByRole('tab', { name: 'Build your girl' }).click();
    await expect(page.getByTestId('image-history')).toContainText('Nothing here yet');
    // Each chip is brought to the middle of the screen first, clear of the Generate bar.
    const choose = async (field: string, option: string) => {
      const chip = page.getByTestId(`builder-${field}`).getByText(option, { exact: true });
      await chip.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await chip.click();
    };
    await choose('style', 'Anime');
    await choose('ethnicity', 'Asian');
    await choose('eyes', 'Blue');
    await choose('hair_style', 'Bun');
    await choose('hair_color', 'Pink');
    await choose('body', 'Slim');
    await choose('breast', 'Small');
    await choose('butt', 'Small');
    await choose('personality', 'Sage');
    await page.getByTestId('builder-occupation').getByRole('searchbox').fill('astro');
    await choose('occupation', 'Astronaut');
    await choose('relationship', 'Friend');
    await choose('clothing', 'Space suit');
    // The bottom of the long builder, where the last choice was made.
    await page.getByTestId('builder-clothing').scrollIntoViewIfNeeded();
    const results = page.getByTestId('results');
    await expect(results).not.toBeInViewport();

    await page.getByTestId('generate').filter({ visible: true }).click();
    // Generate takes the phone to the result area at once.
    await expect(results).toBeInViewport();
    await page.getByTestId('builder-clothing').scrollIntoViewIfNeeded();
    await expect(results).not.toBeInViewport();
    release();

    const done = page.getByTestId('generation-done');
    await expect(done.getByTestId('result-image')).toHaveCount(1, { timeout: 20_000 });
    // The picture is brought back into view when it comes...
    await expect(done.getByTestId('result-image')).toBeInViewport({ ratio: 0.5 });
    // ...and the history under it lists it, not "Nothing here yet".
    const history = page.getByTestId('image-history');
    await expect(history).not.toContainText('Nothing here yet');
    await expect(history.getByTestId('history-item')).toHaveCount(1);
    await expect(history.getByTestId('history-item').getByTestId('result-image')).toHaveCount(1);
  });
});
