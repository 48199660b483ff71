import type { VoicePreset } from '@lumi/contract';
import { resample } from '../voice/convert';
import { decodeWav } from '../voice/wav';
import { splitSentences } from './split';
import type { SpeechAudio, SpeechEngine } from './types';

/** Silence between spoken pieces of a long text, in seconds. */
const GAP_SECONDS = 0.18;

function join(parts: Float32Array[], gap: number): Float32Array {
  const length = parts.reduce((n, p, i) => n + p.length + (i ? gap : 0), 0);
  const out = new Float32Array(length);
  let at = 0;
  parts.forEach((p, i) => {
    if (i) at += gap;
    out.set(p, at);
    at += p.length;
  });
  return out;
}

/** A WAV engine's answer (eSpeak: 22,050 Hz mono) as samples at `sampleRate`. */
export function resampleWav(bytes: Buffer, sampleRate: number): Float32Array {
  const { sampleRate: rate, pcm } = decodeWav(bytes);
  // Linear resampling is enough for speech between common rates.
  return rate === sampleRate ? pcm : resample(pcm, rate / sampleRate);
}

/**
 * Speaks text in a voice to mono samples at `sampleRate`: split at sentence ends, each piece
 * spoken, joined with a short silence. WAV answers are read here; any other container goes to
 * `decode` (the server's ffmpeg), and without one is refused.
 */
export async function speakText(
  engine: SpeechEngine,
  voice: VoicePreset,
  text: string,
  options: {
    sampleRate: number;
    signal?: AbortSignal | undefined;
    decode?: (audio: SpeechAudio) => Promise<Float32Array>;
  },
): Promise<Float32Array> {
  const parts: Float32Array[] = [];
  for (const piece of splitSentences(text, 400)) {
    const audio = await engine.synthesize({
      text: piece,
      voice,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (audio.mime === 'audio/wav') parts.push(resampleWav(audio.bytes, options.sampleRate));
    else if (options.decode) parts.push(await options.decode(audio));
    else throw new Error(`${engine.id}: ${audio.mime} needs a decoder`);
  }
  return join(parts, Math.round(options.sampleRate * GAP_SECONDS));
}
