import { ErrorCode, SPEECH_LIMITS } from '@lumi/contract';
import * as API from '@lumi/contract/api-routes/speech';
import { ApiError, pathOf } from '@/lib/api-client';
import { apiBlob } from '@/lib/api-file';
import type { AudioFormatChoice } from '../lib/saved-state';
import type { SpokenAudio } from './text-to-speech';

/** Spec §9: creating a voice clone may take up to 200 s. */
export const CLONE_TIMEOUT_MS = 200_000;

export interface NamedAudio {
  file: Blob;
  name: string;
}

/** The voice to clone, and a script as text or as audio; consent must be given. */
export interface CloneInput {
  voice: NamedAudio;
  script: { kind: 'text'; text: string } | ({ kind: 'audio' } & NamedAudio);
  consent: boolean;
  format?: AudioFormatChoice;
}

/** The form as the call sends it: what it checks before anything is uploaded. */
export function cloneFormData(input: CloneInput): FormData {
  const text = input.script.kind === 'text' ? input.script.text.trim() : '';
  if (!input.consent || (input.script.kind === 'text' && (!text || text.length > SPEECH_LIMITS.text))) {
    throw new ApiError('business', ErrorCode.INVALID_INPUT, '');
  }
  const form = new FormData();
  // Fields first: the server reads them while the files stream in.
  form.set('consent', 'true');
  form.set('format', input.format ?? 'mp3');
  if (input.script.kind === 'text') form.set('text', text);
  form.set('voice', input.voice.file, input.voice.name);
  if (input.script.kind === 'audio') form.set('script', input.script.file, input.script.name);
  return form;
}

/**
 * POST /cgi-bin/auth/aigc/speech/custom (multipart): answers the script spoken in the cloned
 * voice. A refusal (length, format, silence, consent, too large) is the envelope with the
 * server's translated message; silent, the page shows it.
 */
export async function cloneVoice(input: CloneInput, signal?: AbortSignal): Promise<SpokenAudio> {
  const { blob, headers } = await apiBlob(pathOf(API.voiceClone), {
    formData: cloneFormData(input),
    silent: true,
    timeoutMs: CLONE_TIMEOUT_MS,
    signal,
  });
  return { blob, jobId: headers.get('x-job-id') };
}
