import { z } from 'zod';
import { SPEECH_LIMITS, VOICE_IDS } from '../voices';
import * as API from './routes/speech';
import { endpoint } from './endpoint';
import { jobStatusSchema } from './images';

const messageId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * POST /cgi-bin/auth/character_msg/speech: read a character's reply aloud, its chosen
 * alternative, in the character's voice. `conversationId` is where the page shows the message
 * (a branch shows its parent's), as for the other message calls.
 */
export const messageSpeechBodySchema = z.strictObject({
  id: messageId,
  conversationId: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.uuid().optional(),
  ),
});

/** The reply's speech job as the status call shows it, with what it cost this call. */
export const messageSpeechSchema = jobStatusSchema.extend({
  /** What speaking this text costs (the text-to-speech tool's price for it). */
  cost: z.number().int(),
  /** Credits this call spent: `cost` the first time, 0 when the speech was made already. */
  charged: z.number().int(),
  /** The same text in the same voice was spoken before: this is that job (free). */
  cached: z.boolean(),
  /** The voice it speaks in (the character's, or the default of its gender). */
  voice_id: z.string(),
});
export type MessageSpeech = z.infer<typeof messageSpeechSchema>;

/** POST /cgi-bin/auth/aigc/speech/text-to-speech: answers the audio itself. */
export const ttsBodySchema = z.strictObject({
  voice_id: z.enum(VOICE_IDS as [string, ...string[]]),
  text: z.string().trim().min(1).max(SPEECH_LIMITS.text),
  format: z.enum(['mp3', 'wav']).default('mp3'),
});
export type TtsBody = z.infer<typeof ttsBodySchema>;

/** One of the caller's spoken texts, newest first (GET /cgi-bin/auth/aigc/speech/history). */
export const speechHistoryItemSchema = z.object({
  id: z.string(),
  kind: z.enum(['speech', 'voice_clone']),
  voice_id: z.string().nullable(),
  text: z.string(),
  url: z.string(),
  format: z.enum(['mp3', 'wav']),
  seconds: z.number(),
  preview: z.boolean(),
  created_at: z.number(),
  /**
   * A clone that can be a private character's voice (made with consent, its voice profile kept):
   * the id the character form sends (`clone:<id>`); null otherwise.
   */
  character_voice_id: z.string().nullable(),
});
export type SpeechHistoryItem = z.infer<typeof speechHistoryItemSchema>;

/** A preset voice as the voice generator lists it, with the URL of its sample. */
export const voiceSchema = z.object({
  voice_id: z.string(),
  name: z.string(),
  gender: z.enum(['female', 'male']),
  age: z.enum(['young', 'middle_aged', 'old']),
  accent: z.enum(['american', 'british', 'australian', 'irish', 'scottish', 'caribbean', 'indian']),
  use_case: z.enum([
    'narration',
    'conversational',
    'news',
    'characters',
    'audiobook',
    'meditation',
    'advertisement',
  ]),
  description: z.string(),
  preview_url: z.string(),
});

const tick = z.preprocess((v) => v === 'true' || v === '1' || v === true, z.boolean());

/**
 * POST /cgi-bin/auth/aigc/speech/custom (multipart): the voice to clone, and what it should say,
 * as a typed `text` or a recorded `script`; the consent box; the answer's format.
 */
export const cloneFieldsSchema = z.object({
  text: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : v),
    z.string().max(SPEECH_LIMITS.text).optional(),
  ),
  consent: tick,
  format: z.preprocess((v) => (v === 'wav' ? 'wav' : 'mp3'), z.enum(['mp3', 'wav'])),
});

const audioAnswer = {
  type: 'audio/*',
  description: 'The audio: MP3 (audio/mpeg), or WAV when asked; its job id in the x-job-id header',
};

/** Text to speech with the 17 voices, voice cloning, their samples and the history. */
export const SPEECH_ENDPOINTS = {
  voices: endpoint({
    ...API.voices,
    summary: 'The preset voices, and whether the offline engine speaks',
    tag: 'speech',
    access: 'session',
    response: z.object({ voices: z.array(voiceSchema), offline: z.boolean() }),
  }),
  textToSpeech: endpoint({
    ...API.textToSpeech,
    summary: 'Speak a text in one of the voices',
    tag: 'speech',
    access: 'session',
    body: ttsBodySchema,
    answer: audioAnswer,
    response: z.null(),
  }),
  voiceClone: endpoint({
    ...API.voiceClone,
    summary: 'Clone a voice from 10 to 20 s of audio and speak a text or a recorded script in it',
    tag: 'speech',
    access: 'session',
    upload: {
      fields: cloneFieldsSchema,
      files: {
        voice: { maxBytes: SPEECH_LIMITS.referenceMaxBytes, kind: 'audio', required: true },
        script: { maxBytes: SPEECH_LIMITS.scriptMaxBytes, kind: 'audio' },
      },
    },
    answer: audioAnswer,
    response: z.null(),
  }),
  messageSpeech: endpoint({
    ...API.messageSpeech,
    summary:
      "Read a character's reply aloud in its voice: a text-to-speech job (charged as text to speech), made once per message text and voice; asking again is free",
    tag: 'speech',
    access: 'session',
    body: messageSpeechBodySchema,
    response: messageSpeechSchema,
  }),
  speechHistory: endpoint({
    ...API.speechHistory,
    summary: 'Your spoken texts and clones, newest first',
    tag: 'speech',
    access: 'session',
    response: z.object({ items: z.array(speechHistoryItemSchema) }),
  }),
  voicePreview: endpoint({
    ...API.voicePreview,
    summary: "A preset voice's sample",
    tag: 'speech',
    access: 'public',
    params: z.strictObject({ voiceId: z.string().min(1).max(64) }),
    redirect: 'The sample audio file',
    response: z.null(),
  }),
};
