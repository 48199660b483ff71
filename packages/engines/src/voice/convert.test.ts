import { VOICES, voiceById } from '@lumi/contract';
import { describe, expect, it } from 'vitest';
import { EspeakEngine } from '../speech/espeak';
import { convertVoice, medianPitch, voiceProfile } from './convert';
import { decodeWav } from './wav';

const espeak = new EspeakEngine();
const speak = async (voiceId: string, text: string) => {
  const voice = voiceById(voiceId);
  if (!voice) throw new Error(voiceId);
  return decodeWav((await espeak.synthesize({ text, voice })).bytes);
};
const TEXT =
  'The lighthouse keeper climbed the stairs every evening, counting the steps and watching the ships come home across the bay.';

describe('eSpeak NG presets and voice conversion', () => {
  it('speaks each preset with a pitch of its own: the low voices low, the high voices high', async () => {
    const gordon = await speak('gordon', TEXT);
    const daisy = await speak('daisy', TEXT);
    expect(gordon.sampleRate).toBe(22050);
    expect(gordon.pcm.length / gordon.sampleRate).toBeGreaterThan(4);
    expect(medianPitch(daisy.pcm, daisy.sampleRate)).toBeGreaterThan(
      1.4 * medianPitch(gordon.pcm, gordon.sampleRate),
    );
    expect(new Set(VOICES.map((v) => JSON.stringify(v.espeak))).size).toBe(17);
  });

  it('moves a script toward the reference voice: pitch most of the way, same length', async () => {
    const reference = await speak('gordon', TEXT);
    const script = await speak(
      'daisy',
      'Welcome aboard. Tonight we sail north, past the islands, and we will be home before the morning tide.',
    );
    const sr = script.sampleRate;
    const before = medianPitch(script.pcm, sr);
    const target = medianPitch(reference.pcm, sr);
    const t0 = performance.now();
    const out = convertVoice(script.pcm, voiceProfile(reference.pcm, sr), sr);
    const ms = performance.now() - t0;
    const after = medianPitch(out, sr);
    expect(out.length).toBe(script.pcm.length);
    // Closer to the reference than before, by at least half the (log) distance.
    expect(Math.abs(Math.log(after / target))).toBeLessThan(0.5 * Math.abs(Math.log(before / target)));
    expect(ms).toBeLessThan(5000);
  });
});
