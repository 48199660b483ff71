import { z } from 'zod';
import { SPEECH_LIMITS, VOICE_IDS } from '../voices';

/** POST /cgi-bin/auth/aigc/speech/text-to-speech: answers the audio itself. */
export const ttsBodySchema = z.strictObject({
  voice_id: z.enum(VOICE_IDS as [string, ...string[]]),
  text: z.string().trim().min(1).max(SPEECH_LIMITS.text),
  format: z.enum(['mp3', 'wav']).default('mp3'),
});
export type TtsBody = z.infer<typeof ttsBodySchema>;

/** One of the caller's spoken texts, newest first (GET /cgi-bin/auth/aigc/speech/history). */
export interface SpeechHistoryItem {
  id: string;
  kind: 'speech' | 'voice_clone';
  voice_id: string | null;
  text: string;
  url: string;
  format: 'mp3' | 'wav';
  seconds: number;
  preview: boolean;
  created_at: number;
}
