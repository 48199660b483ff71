// Review screenshots of the face swap page (not a test): BASE, WIDTHS, LOCALES, FULL=1. A random
// base photo, a face from a file, consent, Swap, then the result; FACES=1 also pretends the base
// photo had a second face (the status is rewritten) to show the face choice.
// (shots.mjs)
import path from 'node:path';
import { base, eachView } from './shots.mjs';
const faces = process.env.FACES === '1';
const facePhoto = path.join(import.meta.dirname, '../../apps/web/public/faceswap-samples/astronaut-mono.jpg');
await eachView(async ({ page, w, prefix, shot }) => {
  if (faces) {
    await page.route('**/cgi-bin/auth/aigc/status?*', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      if (body.data?.state === 'done') {
        body.data.faces = [
          { x: 181, y: 70, width: 86, height: 104 },
          { x: 300, y: 330, width: 70, height: 80 },
        ];
      }
      await route.fulfill({ response, json: body });
    });
  }

  await page.goto(`${base}${prefix}/free-ai-swap-face`, { waitUntil: 'networkidle' });
  await shot('faceswap-empty');
  await page.getByTestId('base-random').click();
  await page.getByTestId('base-preview').waitFor();
  await page.getByTestId('face-input').setInputFiles(facePhoto);
  await page.getByTestId('face-preview').waitFor();
  await page.getByTestId('swap-consent').check();
  await shot('faceswap-ready');
  await page.getByTestId(w >= 1024 ? 'swap-submit' : 'swap-submit-phone').click();
  await page
    .getByTestId('swap-waiting')
    .waitFor({ timeout: 5000 })
    .catch(() => undefined);
  await shot('faceswap-waiting');
  await page.getByTestId('swap-done').waitFor({ timeout: 60000 });
  await page.getByTestId('compare-after').evaluate((img) => img.decode());
  await page.getByTestId('compare-handle').focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft');
  if (w < 1024) await page.getByTestId('swap-result').scrollIntoViewIfNeeded();
  await shot('faceswap-result');
  if (faces) {
    await page.getByTestId('face-picker').scrollIntoViewIfNeeded();
    await shot('faceswap-faces');
  }
  await page.getByTestId('swap-zoom').click();
  await shot('faceswap-zoom');
  await page.keyboard.press('Escape');
});
