import type { SpeechAudio } from '../speech/types';

/** One clone: a reference voice and what it should say, typed or recorded. */
export interface CloneRequest {
  /** The reference recording, mono samples at `sampleRate`. */
  reference: Float32Array;
  /** The same reference as WAV bytes, for engines that upload it. */
  referenceWav: Buffer;
  sampleRate: number;
  /** A recorded script (mono at `sampleRate`), or null when the script is typed. */
  script: Float32Array | null;
  /** The typed script, or null when it is recorded. */
  text: string | null;
  /** A name for a temporary voice on a remote service (`lumi-<job id>`). */
  name: string;
  signal?: AbortSignal;
  /** Told how far the clone is, 0..1. */
  progress?: (share: number) => void;
}

/**
 * The cloned speech: samples at the request's rate, or audio bytes for the server to decode.
 * `engineId` and `offline` name the engine that really answered (a composed engine may hand a
 * request on).
 */
export type ClonedVoice = { engineId: string; offline: boolean } & (
  { pcm: Float32Array } | { audio: SpeechAudio }
);

export interface VoiceCloneEngine {
  readonly id: string;
  /** true for the offline conversion: the page and the history tag its results. */
  readonly offline: boolean;
  cloneVoice(request: CloneRequest): Promise<ClonedVoice>;
}
