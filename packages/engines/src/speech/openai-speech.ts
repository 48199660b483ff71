import { EngineError } from '../errors';
import { authHeaders, deadline, kindForStatus } from '../image/http';
import type { SpeechAudio, SpeechEngine, SpeechRequest } from './types';

export interface OpenAISpeechOptions {
  /** Base including /v1: OpenAI, Kokoro-FastAPI, LocalAI, openedai-speech… */
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  /** Preset voice_id to the backend's voice name; unlisted presets use `defaultVoice`. */
  voices: Record<string, string>;
  defaultVoice: string;
  timeoutMs?: number;
}

/** OpenAI-compatible `POST /v1/audio/speech`, answered as WAV. */
export class OpenAISpeechEngine implements SpeechEngine {
  readonly id = 'openai-speech';
  readonly offline = false;

  constructor(private readonly options: OpenAISpeechOptions) {}

  async synthesize(request: SpeechRequest): Promise<SpeechAudio> {
    const limit = deadline(request.timeoutMs ?? this.options.timeoutMs ?? 60_000, request.signal);
    try {
      const res = await fetch(`${this.options.baseUrl.replace(/\/+$/, '')}/audio/speech`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...authHeaders(this.options.apiKey) },
        body: JSON.stringify({
          model: this.options.model,
          input: request.text,
          voice: this.options.voices[request.voice.voice_id] ?? this.options.defaultVoice,
          response_format: 'wav',
          speed: Math.min(4, Math.max(0.25, request.voice.espeak.speed / 165)),
        }),
        signal: limit.signal,
      });
      if (!res.ok) {
        const text = await res.text().catch(() => '');
        throw new EngineError(
          kindForStatus(res.status),
          `audio/speech: HTTP ${res.status} ${text.slice(0, 300)}`,
        );
      }
      const bytes = Buffer.from(await res.arrayBuffer());
      if (bytes.length < 44) throw new EngineError('protocol', 'audio/speech: no audio');
      return { bytes, mime: 'audio/wav' };
    } catch (err) {
      throw limit.failure(err, 'audio/speech');
    } finally {
      limit.done();
    }
  }
}
