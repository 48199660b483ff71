import { encodeWav } from '@lumi/contract';
import { downmix } from './wav';

/** Recordings are sent at this rate: plenty for a voice, and a minute stays under 3 MB. */
const RECORDING_RATE = 24_000;

/**
 * The length of an audio file as the browser's own player reads it from the metadata, or null
 * when it cannot tell (not audio it plays, or a stream without a length).
 */
export function readDuration(blob: Blob, timeoutMs = 10_000): Promise<number | null> {
  return new Promise((resolve) => {
    const audio = document.createElement('audio');
    const url = URL.createObjectURL(blob);
    let settled = false;
    const done = (value: number | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      audio.removeAttribute('src');
      audio.load();
      URL.revokeObjectURL(url);
      resolve(value !== null && Number.isFinite(value) && value > 0 ? value : null);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    audio.preload = 'metadata';
    audio.onloadedmetadata = () => {
      if (Number.isFinite(audio.duration)) {
        done(audio.duration);
        return;
      }
      // Some containers (recorded WebM) only know their length once read through.
      audio.ondurationchange = () => {
        if (Number.isFinite(audio.duration)) done(audio.duration);
      };
      audio.currentTime = Number.MAX_SAFE_INTEGER;
    };
    audio.onerror = () => done(null);
    audio.src = url;
  });
}

/**
 * A recording as a mono WAV file and its exact length. Browsers record WebM or MP4 with
 * MediaRecorder; WAV is what the cloning call accepts everywhere, and it tells its length.
 * Cut to `maxSeconds`. Answers null when the browser cannot decode its own recording.
 */
export async function recordingToWav(
  blob: Blob,
  maxSeconds = Infinity,
): Promise<{ blob: Blob; seconds: number } | null> {
  try {
    const data = await blob.arrayBuffer();
    // An offline context decodes straight to its own sample rate.
    const context = new OfflineAudioContext(1, 1, RECORDING_RATE);
    const decoded = await context.decodeAudioData(data);
    const channels = Array.from({ length: decoded.numberOfChannels }, (_, i) => decoded.getChannelData(i));
    let samples = downmix(channels);
    // A take that ran a moment past the limit is cut to it: the server counts exactly.
    const cap = Math.floor(maxSeconds * decoded.sampleRate);
    if (samples.length > cap) samples = samples.subarray(0, cap);
    const wav = encodeWav(samples, decoded.sampleRate);
    return {
      blob: new Blob([wav], { type: 'audio/wav' }),
      seconds: samples.length / decoded.sampleRate,
    };
  } catch {
    return null;
  }
}
