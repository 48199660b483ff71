// The contract's writer itself: its index loads JSON modules Playwright's loader cannot.
import { encodeWav } from '../../packages/contract/src/wav';

/**
 * A 15 s voice-like WAV (16 kHz mono 16-bit): a 120 Hz sawtooth with a syllable-rate amplitude
 * envelope, plus sines near the first three formants, as the cloning call wants a voiced sample.
 */
export function syntheticVoice(seconds: number, rate = 16_000): Buffer {
  const n = Math.round(seconds * rate);
  const pcm = new Float32Array(n);
  for (let i = 0; i < n; i += 1) {
    const t = i / rate;
    // A little pitch drift, as a speaking voice has.
    const f0 = 120 + 12 * Math.sin(2 * Math.PI * 0.5 * t);
    const saw = 2 * ((t * f0) % 1) - 1;
    const syllables = 0.55 + 0.45 * Math.sin(2 * Math.PI * 4 * t);
    const formants =
      0.35 * Math.sin(2 * Math.PI * 700 * t) +
      0.25 * Math.sin(2 * Math.PI * 1220 * t) +
      0.12 * Math.sin(2 * Math.PI * 2600 * t);
    const sample = 0.45 * syllables * (0.7 * saw + 0.3 * formants * (0.5 + 0.5 * saw));
    pcm[i] = sample;
  }
  return Buffer.from(encodeWav(pcm, rate));
}
