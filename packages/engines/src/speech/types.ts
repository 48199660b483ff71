import type { VoicePreset } from '@lumi/contract';

/** One piece of text to speak in a preset voice (the server splits long texts at sentences). */
export interface SpeechRequest {
  text: string;
  voice: VoicePreset;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface SpeechAudio {
  bytes: Buffer;
  /** What the bytes are: the server decodes any of them. */
  mime: 'audio/wav' | 'audio/mpeg' | 'audio/ogg' | 'audio/aac' | 'audio/flac' | 'audio/pcm';
}

export interface SpeechEngine {
  readonly id: string;
  /** true for the embedded eSpeak NG: a robotic but real synthesiser; the page says which. */
  readonly offline: boolean;
  synthesize(request: SpeechRequest): Promise<SpeechAudio>;
}

export const SPEECH_TIMEOUT_MS = 60_000;
