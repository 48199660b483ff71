import { expect, test, type Page, type Response } from '@playwright/test';
import chromium from '../chromium.json' with { type: 'json' };
import { syntheticVoice } from './audio';
import { CLUSTER } from './tags';

// Chromium's fake microphone (a beeping tone) stands in for a real one, allowed without asking.
test.use({
  launchOptions: {
    ...chromium,
    args: [...chromium.args, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
});

const isCall = (path: string) => (response: Response) =>
  response.url().endsWith(`/cgi-bin${path}`) && response.request().method() === 'POST';

/**
 * The audio bytes the server answers on `path`, in order, passed on to the page unchanged.
 * (Chromium does not keep a body the page reads as a Blob for `response.body()`, so the test
 * takes it on the way through.)
 */
async function captureBodies(page: Page, path: string): Promise<Buffer[]> {
  const bodies: Buffer[] = [];
  await page.route(`**/cgi-bin${path}`, async (route) => {
    const response = await route.fetch({ timeout: 120_000 });
    bodies.push(await response.body());
    await route.fulfill({ response });
  });
  return bodies;
}

/** How many bytes the result player holds. */
const playerBytes = (page: Page) =>
  page
    .getByTestId('result-audio')
    .evaluate(async (audio: HTMLAudioElement) => (await (await fetch(audio.src)).arrayBuffer()).byteLength);

/** The result player has loaded the answered audio and knows its length. */
async function playableSeconds(page: Page): Promise<number> {
  return page.getByTestId('result-audio').evaluate(
    (audio: HTMLAudioElement) =>
      new Promise<number>((resolve) => {
        if (audio.readyState >= 1) resolve(audio.duration);
        audio.addEventListener('loadedmetadata', () => resolve(audio.duration), { once: true });
        audio.addEventListener('error', () => resolve(-1), { once: true });
        audio.load();
      }),
  );
}

test(
  'voice generator: the same sentence in Aria and in Adam gives two different audios',
  CLUSTER,
  async ({ page }) => {
    test.setTimeout(60_000);
    const bodies = await captureBodies(page, '/auth/aigc/speech/text-to-speech');
    await page.goto('/free-ai-voice-generator');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI Voice Generator');
    await expect(page.getByTestId('voice-picker').getByRole('radio')).toHaveCount(17);
    // The e2e server speaks with the embedded engine, and the page says so.
    await expect(page.getByTestId('offline-note')).toContainText(
      'Offline voice engine: these voices are spoken by eSpeak NG',
    );

    // Samples: one plays at a time, and the button says which.
    const bella = page.getByRole('button', { name: "Play Bella's sample" });
    await bella.click();
    await expect(page.getByRole('button', { name: "Stop Bella's sample" })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.getByRole('button', { name: "Play Clara's sample" }).click();
    await expect(page.getByRole('button', { name: "Stop Clara's sample" })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(bella).toHaveAttribute('aria-pressed', 'false');
    await page.getByRole('button', { name: "Stop Clara's sample" }).click();
    await expect(page.getByRole('button', { name: "Play Clara's sample" })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    const text = 'The quick brown fox jumps over the lazy dog, then rests by the river.';
    await page.getByLabel('Text to speak').fill(text);
    await expect(page.getByText(`${text.length} / 5,000 characters`)).toBeVisible();
    const generate = page.getByTestId('generate');
    await expect(generate).toHaveText('Generate · 1 credit');

    const speak = async (name: string) => {
      await page.getByRole('radio', { name }).check();
      await expect(page.getByRole('radio', { name })).toBeChecked();
      const answered = page.waitForResponse(isCall('/auth/aigc/speech/text-to-speech'));
      await generate.click();
      const response = await answered;
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toMatch(/^audio\/mpeg/);
      expect(response.request().postDataJSON()).toMatchObject({
        voice_id: name.toLowerCase(),
        text,
        format: 'mp3',
      });
      await expect(page.getByTestId('result-ready')).toContainText(name);
      await expect(page.getByTestId('result-audio')).toHaveAttribute('src', /^blob:/);
      expect(await playableSeconds(page)).toBeGreaterThan(1);
      const body = bodies.at(-1)!;
      expect(await playerBytes(page)).toBe(body.length);
      return body;
    };

    const aria = await speak('Aria');
    await expect(page.getByTestId('credits-balance')).toHaveText('29');
    const adam = await speak('Adam');
    await expect(page.getByTestId('credits-balance')).toHaveText('28');

    for (const body of [aria, adam]) {
      expect(body.length).toBeGreaterThan(2000);
      // MP3: an ID3 tag or an MPEG frame sync.
      expect(
        body.subarray(0, 3).toString('latin1') === 'ID3' || (body[0] === 0xff && (body[1]! & 0xe0) === 0xe0),
      ).toBe(true);
    }
    expect(aria.equals(adam)).toBe(false);

    // The download is named after the voice and the day.
    await expect(page.getByTestId('result-download')).toHaveAttribute(
      'download',
      /^voice-adam-\d{4}-\d{2}-\d{2}\.mp3$/,
    );
    // The history lists both, the newest (Adam's, the result shown above it) first.
    await expect(page.getByTestId('history-item')).toHaveCount(2);
    await expect(page.getByTestId('history-item').first()).toContainText('Adam');
    await expect(page.getByTestId('history-item').nth(1)).toContainText('Aria');
  },
);

test('voice cloning: upload a 15 s voice, type a script, consent, clone, and play the result', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const bodies = await captureBodies(page, '/auth/aigc/speech/custom');
  await page.goto('/free-ai-voice-cloning');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI Voice Cloning');
  await expect(page.getByTestId('clone-note')).toContainText('Basic offline cloning');
  await expect(page.getByText('Record 10-20 seconds').first()).toBeVisible();

  // Step 1: upload the voice to clone; the page reads its length.
  await page.getByRole('tab', { name: 'Upload' }).click();
  await page.getByTestId('reference-file').setInputFiles({
    name: 'my-voice.wav',
    mimeType: 'audio/wav',
    buffer: syntheticVoice(15),
  });
  await expect(page.getByTestId('reference-take-length')).toHaveText('Length: 0:15');
  await expect(page.getByTestId('reference-take-warning')).toHaveCount(0);
  await page.getByTestId('next-card').click();

  // Step 2: a typed script.
  const script = 'Hello there. This is my cloned voice, reading a short script for the test.';
  await page.getByLabel('Script text').fill(script);
  await page.getByTestId('next-card').click();

  // Step 3: Clone waits for the consent.
  const clone = page.getByTestId('clone');
  await expect(clone).toHaveText('Clone · 10 credits');
  await expect(clone).toBeDisabled();
  await expect(page.getByTestId('step-panel-3')).toContainText('my-voice.wav · 0:15');
  await page.getByLabel('I have the right to use this voice, and the person it belongs to agreed.').check();
  await expect(clone).toBeEnabled();

  const answered = page.waitForResponse(isCall('/auth/aigc/speech/custom'));
  await clone.click();
  const response = await answered;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^audio\//);
  await expect(page.getByTestId('result-audio')).toHaveAttribute('src', /^blob:/);
  expect(await playableSeconds(page)).toBeGreaterThan(1);
  expect(bodies).toHaveLength(1);
  expect(bodies[0]!.length).toBeGreaterThan(2000);
  expect(await playerBytes(page)).toBe(bodies[0]!.length);
  await expect(page.getByTestId('result-download')).toHaveAttribute(
    'download',
    /^voice-clone-\d{4}-\d{2}-\d{2}\.mp3$/,
  );
  await expect(page.getByTestId('credits-balance')).toHaveText('20');

  // The step and the text are kept for the session; the file has to be added again.
  await page.reload();
  await expect(page.getByTestId('step-1')).not.toHaveAttribute('aria-current');
  await expect(page.getByTestId('step-3')).toHaveAttribute('aria-current', 'step');
  await expect(page.getByTestId('step-panel-3')).toContainText(script);
  await expect(page.getByTestId('step-panel-3')).toContainText('Add the voice to clone in step 1.');
});

test('voice cloning: a voice under 10 seconds is refused with the server message', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/free-ai-voice-cloning');
  await page.getByRole('tab', { name: 'Upload' }).click();
  await page.getByTestId('reference-file').setInputFiles({
    name: 'short.wav',
    mimeType: 'audio/wav',
    buffer: syntheticVoice(6),
  });
  await expect(page.getByTestId('reference-take-warning')).toContainText(
    'the voice to clone needs 10 to 20 seconds',
  );
  await page.getByTestId('step-3').click();
  await expect(page.getByTestId('clone')).toBeDisabled();
  await page.getByTestId('step-2').click();
  await page.getByLabel('Script text').fill('Just a few words.');
  await page.getByTestId('step-3').click();
  await page.getByTestId('consent').check();
  await page.getByTestId('clone').click();
  await expect(page.getByTestId('result-error')).toContainText(
    'Please record or upload 10 to 20 seconds of your voice',
  );
  // Refused before any credits were spent.
  await expect(page.getByTestId('credits-balance')).toHaveText('30');
});

test.describe('recording', () => {
  test('records a take with the timer and keeps it as WAV', async ({ page }) => {
    await page.goto('/free-ai-voice-cloning');
    const recorder = page.getByTestId('recorder-voice');
    await recorder.getByRole('button', { name: 'Start recording' }).click();
    await expect(recorder.getByText('Recording', { exact: true })).toBeVisible();
    // At least two seconds in: any of 0:02 to 0:09, since a busy machine's polls can be more
    // than a second apart and step over the one second that shows 0:02.
    await expect(recorder.getByText(/^0:0[2-9] \//)).toBeVisible({ timeout: 8_000 });
    await recorder.getByRole('button', { name: 'Stop recording' }).click();
    const take = page.getByTestId('reference-take');
    await expect(take).toContainText('Your recording');
    await expect(page.getByTestId('reference-take-length')).toHaveText(/^Length: 0:0[2-9]$/);
    await expect(page.getByTestId('reference-take-warning')).toContainText('needs 10 to 20 seconds');
    const type = await take
      .locator('audio')
      .evaluate(async (audio: HTMLAudioElement) => (await (await fetch(audio.src)).blob()).type);
    expect(type).toBe('audio/wav');
  });
});

test.describe('microphone refused', () => {
  test.use({ permissions: [] });

  test('says it could not get the microphone', async ({ page, context }) => {
    await context.clearPermissions();
    // Headless Chromium has no one to ask: make the refusal explicit and certain.
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    await page.goto('/free-ai-voice-cloning');
    await page.getByTestId('recorder-voice').getByRole('button', { name: 'Start recording' }).click();
    await expect(page.getByTestId('mic-error')).toHaveText('Unable to obtain microphone permissions');
  });
});
