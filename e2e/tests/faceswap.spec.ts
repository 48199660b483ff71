import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectJobDone } from './jobs';

const PUBLIC = path.join(import.meta.dirname, '..', '..', 'apps', 'web', 'public');
const FACE_PHOTO = path.join(PUBLIC, 'faceswap-samples', 'mona-lisa.jpg');
/** The "Random photo" pool. */
const SAMPLE_NAMES = fs.readdirSync(path.join(PUBLIC, 'faceswap-samples')).filter((f) => f.endsWith('.jpg'));
/** A drawing of the preview renderer: a picture with no face in it. */
const NO_FACE = path.join(PUBLIC, 'presets', 'tattoo-geometric.webp');

/**
 * Keeps the fields of every multipart call the page sends (files by their file name): the
 * browser does not hand Playwright bodies that hold files.
 */
async function recordForms(page: Page) {
  await page.addInitScript(() => {
    const sent: Record<string, string>[] = [];
    Object.assign(window, { sentForms: sent });
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      if (init?.body instanceof FormData) {
        sent.push(
          Object.fromEntries(
            [...init.body.entries()].map(([key, value]) => [
              key,
              typeof value === 'string' ? value : value.name,
            ]),
          ),
        );
      }
      return original(input, init);
    };
  });
  return {
    last: () =>
      page.evaluate(() => (window as unknown as { sentForms: Record<string, string>[] }).sentForms.at(-1)),
  };
}

/** Steps 1 and 2: a random sample as the base photo, `face` from a file; then the consent. */
async function choosePhotos(page: Page, face: string) {
  await page.getByTestId('base-random').click();
  const base = page.getByTestId('base-preview');
  await expect(base).toBeVisible();
  await expect(page.getByTestId('base-step')).toContainText('Sample photo');
  await page.getByTestId('face-input').setInputFiles(face);
  await expect(page.getByTestId('face-preview')).toBeVisible();
  await page.getByLabel('I have the right to use these photos, and the people in them agreed.').check();
  return base;
}

test('face swap: a random base photo, a face from a file, consent, Swap, compare, zoom and download', async ({
  page,
}) => {
  // Two uploads and a swap on the embedded engine, a few seconds on a busy machine.
  test.setTimeout(90_000);
  const forms = await recordForms(page);
  await page.goto('/free-ai-swap-face');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI Face Swap');
  await expect(page.getByTestId('credits-balance')).toHaveText('30');
  await expect(page.getByText('Offline, landmark-based swap')).toBeVisible();

  const swap = page.getByTestId('swap-submit');
  const tip = page.getByTestId('swap-submit-tip');
  await expect(swap).toBeDisabled();
  await expect(tip).toHaveText('Add a base photo and a face photo to start.');

  // A file that is not a photo is turned down at once, whatever its name says.
  await page.getByTestId('face-input').setInputFiles({
    name: 'face.png',
    mimeType: 'image/png',
    buffer: Buffer.from('GIF89a, not a PNG at all'),
  });
  await expect(page.getByTestId('face-problem')).toHaveText(
    "This isn't a photo we can use. Please choose a JPG, PNG or WEBP photo.",
  );
  await expect(page.getByTestId('face-preview')).toHaveCount(0);

  await page.getByTestId('base-random').click();
  const base = page.getByTestId('base-preview');
  await expect(base).toBeVisible();
  await expect(page.getByTestId('step-1-badge')).toHaveAttribute('data-done', 'true');
  await expect(tip).toHaveText('Add the face photo.');
  await page.getByTestId('face-input').setInputFiles(FACE_PHOTO);
  await expect(page.getByTestId('face-preview')).toBeVisible();
  await expect(page.getByTestId('face-problem')).toHaveCount(0);
  await expect(tip).toHaveText('Tick the box to confirm you may use these photos.');
  await page.getByLabel('I have the right to use these photos, and the people in them agreed.').check();
  await expect(tip).toHaveCount(0);
  await expect(swap).toHaveText('Swap · 5 credits');

  await swap.click();
  await expect
    .poll(forms.last)
    .toMatchObject({ type: 'faceswap', consent: 'true', base_face: '0', face: 'mona-lisa.jpg' });
  expect(SAMPLE_NAMES).toContain((await forms.last())?.base);

  // In queue, then swapping, then the result; the engine may be done before either is seen.
  const done = page.getByTestId('swap-done');
  await expectJobDone(page.getByTestId('swap-status'), done, /Uploading|In queue|Swapping/, 45_000);
  await expect(done.getByRole('status')).toHaveText('Your swapped photo is ready.');
  await expect(page.getByTestId('credits-balance')).toHaveText('25');
  await expect(page.getByTestId('step-3-badge')).toHaveAttribute('data-done', 'true');

  // The swapped photo has the base photo's size, and lies over it.
  const after = page.getByTestId('compare-after');
  await expect(after).toHaveJSProperty('complete', true);
  const size = (img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight];
  expect(await after.evaluate(size)).toEqual(await base.evaluate(size));
  expect(await after.evaluate(size)).not.toEqual([0, 0]);

  // The divider moves with the keyboard, and follows a click.
  const slider = page.getByRole('slider', { name: 'Compare before and after' });
  await expect(slider).toHaveAttribute('aria-valuenow', '50');
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveAttribute('aria-valuenow', '60');
  await expect(slider).toHaveAttribute('aria-valuetext', '60% before, 40% after');
  await page.keyboard.press('ArrowLeft');
  await expect(slider).toHaveAttribute('aria-valuenow', '55');
  await page.keyboard.press('End');
  await expect(slider).toHaveAttribute('aria-valuenow', '100');
  await page.keyboard.press('Home');
  await expect(slider).toHaveAttribute('aria-valuenow', '0');
  const box = (await page.getByTestId('compare').boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.25, box.y + box.height / 2);
  expect(Number(await slider.getAttribute('aria-valuenow'))).toBeCloseTo(25, -1);

  // Zoom shows the result alone; Escape closes it.
  await page.getByTestId('swap-zoom').click();
  const zoom = page.getByRole('dialog', { name: 'The swapped photo' });
  await expect(zoom.getByRole('img')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(zoom).toBeHidden();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('swap-download').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^face-swap-[0-9a-f-]+\.webp$/);

  // Another page and back: the photos and the result are still there.
  await page.getByRole('link', { name: 'Lumi AI' }).first().click();
  await expect(page).not.toHaveURL(/free-ai-swap-face/);
  await page.goBack();
  await expect(page.getByTestId('swap-done')).toBeVisible();
  await expect(page.getByTestId('face-preview')).toBeVisible();
});

test('face swap: a base photo with several faces offers to swap another one', async ({ page }) => {
  test.setTimeout(90_000);
  // The status names the base photo's faces when it has several: pretend this one had two.
  await page.route('**/cgi-bin/auth/aigc/status?*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data?: { state?: string; faces?: unknown } };
    if (body.data?.state === 'done') {
      body.data.faces = [
        { x: 160, y: 60, width: 120, height: 140 },
        { x: 20, y: 300, width: 90, height: 100 },
      ];
    }
    await route.fulfill({ response, json: body });
  });
  const forms = await recordForms(page);
  await page.goto('/free-ai-swap-face');
  await choosePhotos(page, FACE_PHOTO);
  await page.getByTestId('swap-submit').click();

  const picker = page.getByTestId('face-picker');
  await expect(picker).toBeVisible({ timeout: 45_000 });
  await expect(picker).toContainText('We found 2 faces in the base photo.');
  await expect(picker.getByRole('button', { name: 'Face 1, swapped' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const second = picker.getByRole('button', { name: 'Swap face 2 · 5 credits' });
  await expect(second).toHaveAttribute('aria-pressed', 'false');

  await second.click();
  await expect.poll(forms.last).toMatchObject({ type: 'faceswap', base_face: '1' });
  await expect(page.getByTestId('swap-done')).toBeVisible({ timeout: 45_000 });
  await expect(picker.getByRole('button', { name: 'Face 2, swapped' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByTestId('credits-balance')).toHaveText('20');
});

test('face swap: no face in the base photo fails with the reason, returns the credits and offers Retry', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/free-ai-swap-face');
  await page.getByTestId('base-input').setInputFiles(NO_FACE);
  await expect(page.getByTestId('base-preview')).toBeVisible();
  await page.getByTestId('face-input').setInputFiles(FACE_PHOTO);
  await page.getByLabel('I have the right to use these photos, and the people in them agreed.').check();
  await page.getByTestId('swap-submit').click();

  const failed = page.getByTestId('swap-failed');
  await expect(failed).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('swap-failed-message')).toHaveText(
    /^We couldn't find a face in the base photo/,
  );
  await expect(failed).toContainText('Your credits were returned.');
  await expect(page.getByTestId('credits-balance')).toHaveText('30');
  await expect(page.getByTestId('swap-retry')).toBeVisible();
});
