import { ttsBodySchema, type TtsBody } from '@lumi/contract';
import * as API from '@lumi/contract/api-routes/speech';
import { pathOf } from '@/lib/api-client';
import { apiBlob } from '@/lib/api-file';

export { ttsBodySchema };
export type TtsInput = TtsBody;

export interface SpokenAudio {
  blob: Blob;
  /** The job behind it, which the history lists too. */
  jobId: string | null;
}

/**
 * POST /cgi-bin/auth/aigc/speech/text-to-speech: answers the audio itself once spoken. A
 * refusal is the envelope (100002 opens the credits dialog); silent, the page shows it.
 */
export async function textToSpeech(input: TtsInput, signal?: AbortSignal): Promise<SpokenAudio> {
  const body = ttsBodySchema.parse(input);
  const { blob, headers } = await apiBlob(pathOf(API.textToSpeech), { json: body, silent: true, signal });
  return { blob, jobId: headers.get('x-job-id') };
}
