// Review screenshots of the voice tools (not a test): BASE, WIDTHS, LOCALES. Speaks a text on
// the generator, walks the cloning steps with a synthetic 15 s voice and clones it. Phones get
// one shot per screenful.
// (shots.mjs)
import { base, eachView } from './shots.mjs';

const texts = {
  en: 'Hello! This is a short test of the voice generator.',
  ar: 'مرحبًا! هذا اختبار قصير لمولّد الأصوات.',
};

function voiceWav(seconds, rate = 16000) {
  const n = Math.round(seconds * rate);
  const out = Buffer.alloc(44 + n * 2);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + n * 2, 4);
  out.write('WAVEfmt ', 8, 'ascii');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(n * 2, 40);
  for (let i = 0; i < n; i += 1) {
    const t = i / rate;
    const saw = 2 * ((t * 120) % 1) - 1;
    const s =
      0.4 *
      (0.55 + 0.45 * Math.sin(2 * Math.PI * 4 * t)) *
      (0.7 * saw + 0.3 * Math.sin(2 * Math.PI * 700 * t));
    out.writeInt16LE(Math.round(s * 32767), 44 + i * 2);
  }
  return out;
}

await eachView(async ({ page, loc, w, prefix, shot }) => {
  await page.goto(`${base}${prefix}/free-ai-voice-generator`, { waitUntil: 'networkidle' });
  await shot('tts-empty', { screens: true });
  await page.getByTestId('voice-text').fill(texts[loc] ?? texts.en);
  await page.getByTestId(w > 1000 ? 'generate' : 'generate-phone').click();
  await page.getByTestId('result-ready').waitFor({ timeout: 30000 });
  await page.evaluate(() => globalThis.scrollTo(0, 0));
  await shot('tts-result', { screens: true });

  await page.goto(`${base}${prefix}/free-ai-voice-cloning`, { waitUntil: 'networkidle' });
  await shot('clone-1', { screens: true });
  await page.getByTestId('step-panel-1').getByRole('tab').nth(1).click();
  await page
    .getByTestId('reference-file')
    .setInputFiles({ name: 'my-voice.wav', mimeType: 'audio/wav', buffer: voiceWav(15) });
  await page.getByTestId('reference-take').waitFor();
  await shot('clone-1-file', { screens: true });
  await page.getByTestId('step-2').click();
  await page.getByTestId('script-text').fill(texts[loc] ?? texts.en);
  await shot('clone-2', { screens: true });
  await page.getByTestId('step-3').click();
  await page.getByTestId('consent').check();
  await shot('clone-3', { screens: true });
  await page.getByTestId(w > 1000 ? 'clone' : 'clone-phone').click();
  await page.getByTestId('result-ready').or(page.getByTestId('result-error')).waitFor({ timeout: 60000 });
  await page.evaluate(() => globalThis.scrollTo(0, 0));
  await shot('clone-result', { screens: true });
});
