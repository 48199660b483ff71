import { SPEECH_LIMITS } from '@lumi/contract';

/** What the file pickers offer (spec §5: wav, mp3, aac, ogg, mp4). */
export const AUDIO_ACCEPT = 'audio/*,.wav,.mp3,.aac,.ogg,.oga,.opus,.mp4,.m4a';

const EXTENSIONS = /\.(wav|mp3|aac|ogg|oga|opus|mp4|m4a)$/i;

export type FileProblem = { kind: 'tooLarge'; maxBytes: number } | { kind: 'notAudio' };

export type AudioRole = 'reference' | 'script';

export const MAX_BYTES: Record<AudioRole, number> = {
  reference: SPEECH_LIMITS.referenceMaxBytes,
  script: SPEECH_LIMITS.scriptMaxBytes,
};

/**
 * What is wrong with a chosen file before it is sent: too large for its role, or plainly not
 * audio by type and name. The server reads the real format from the content and decides.
 */
export function checkAudioFile(
  file: Pick<File, 'name' | 'type' | 'size'>,
  role: AudioRole,
): FileProblem | null {
  const maxBytes = MAX_BYTES[role];
  if (file.size > maxBytes) return { kind: 'tooLarge', maxBytes };
  const typeOk = file.type.startsWith('audio/') || file.type === 'video/mp4';
  if (!typeOk && !EXTENSIONS.test(file.name)) return { kind: 'notAudio' };
  return null;
}

export type LengthWarning = 'short' | 'long';

/**
 * The length advice of spec §5: the voice to clone 10 to 20 seconds, a script at most a
 * minute. Only advice: an unknown length (null) warns of nothing, and the server decides.
 */
export function lengthWarning(seconds: number | null, role: AudioRole): LengthWarning | null {
  if (seconds === null || !Number.isFinite(seconds)) return null;
  if (role === 'reference') {
    // Recordings stop at exactly 20 s; a few hundredths over is rounding, not a long take.
    if (seconds < SPEECH_LIMITS.referenceMinSeconds) return 'short';
    if (seconds > SPEECH_LIMITS.referenceMaxSeconds + 0.05) return 'long';
    return null;
  }
  return seconds > SPEECH_LIMITS.scriptMaxSeconds + 0.05 ? 'long' : null;
}
