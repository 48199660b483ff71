import { EngineError } from '../errors';
import { deadline, kindForStatus } from '../image/http';
import type { SpeechAudio, SpeechEngine, SpeechRequest } from './types';

export interface ElevenLabsOptions {
  /** https://api.elevenlabs.io, or a proxy. */
  baseUrl: string;
  apiKey: string;
  /** Preset voice_id to ElevenLabs voice id; a preset not listed uses `defaultVoiceId`. */
  voiceIds: Record<string, string>;
  defaultVoiceId?: string | undefined;
  modelId?: string;
  timeoutMs?: number;
}

async function failure(res: Response, what: string): Promise<EngineError> {
  const text = await res.text().catch(() => '');
  return new EngineError(kindForStatus(res.status), `${what}: HTTP ${res.status} ${text.slice(0, 300)}`);
}

/**
 * ElevenLabs (`xi-api-key`): text to speech, and instant voice cloning (add a voice from
 * samples, speak, remove the voice). Answers MP3 (44.1 kHz, 128 kb/s).
 */
export class ElevenLabsEngine implements SpeechEngine {
  readonly id = 'elevenlabs';
  readonly offline = false;

  constructor(private readonly options: ElevenLabsOptions) {}

  private get base(): string {
    return this.options.baseUrl.replace(/\/+$/, '');
  }

  /** Speaks `text` in an ElevenLabs voice id. */
  async speak(voiceId: string, text: string, signal: AbortSignal): Promise<SpeechAudio> {
    const res = await fetch(
      `${this.base}/v1/text-to-speech/${encodeURIComponent(voiceId)}?output_format=mp3_44100_128`,
      {
        method: 'POST',
        headers: {
          'xi-api-key': this.options.apiKey,
          'content-type': 'application/json',
          accept: 'audio/mpeg',
        },
        body: JSON.stringify({
          text,
          model_id: this.options.modelId ?? 'eleven_multilingual_v2',
          voice_settings: {
            stability: 0.5,
            similarity_boost: 0.75,
            style: 0,
            use_speaker_boost: true,
            speed: 1,
          },
        }),
        signal,
      },
    );
    if (!res.ok) throw await failure(res, 'ElevenLabs text-to-speech');
    const bytes = Buffer.from(await res.arrayBuffer());
    if (bytes.length === 0) throw new EngineError('protocol', 'ElevenLabs text-to-speech: no audio');
    return { bytes, mime: 'audio/mpeg' };
  }

  async synthesize(request: SpeechRequest): Promise<SpeechAudio> {
    const voiceId = this.options.voiceIds[request.voice.voice_id] ?? this.options.defaultVoiceId;
    if (!voiceId) throw new EngineError('config', `no ElevenLabs voice for ${request.voice.voice_id}`);
    const limit = deadline(request.timeoutMs ?? this.options.timeoutMs ?? 60_000, request.signal);
    try {
      return await this.speak(voiceId, request.text, limit.signal);
    } catch (err) {
      throw limit.failure(err, 'ElevenLabs');
    } finally {
      limit.done();
    }
  }

  /**
   * Instant voice cloning: adds a voice made from the reference, speaks the text with it, and
   * removes the voice again, whatever happened in between.
   */
  async clone(input: {
    reference: { bytes: Buffer; filename: string; mime: string };
    text: string;
    name: string;
    signal?: AbortSignal;
    timeoutMs?: number;
  }): Promise<SpeechAudio> {
    const limit = deadline(input.timeoutMs ?? this.options.timeoutMs ?? 200_000, input.signal);
    let voiceId: string | undefined;
    try {
      const form = new FormData();
      form.append('name', input.name);
      form.append(
        'files',
        new Blob([input.reference.bytes], { type: input.reference.mime }),
        input.reference.filename,
      );
      form.append('description', 'Temporary voice for one clone request');
      const added = await fetch(`${this.base}/v1/voices/add`, {
        method: 'POST',
        headers: { 'xi-api-key': this.options.apiKey },
        body: form,
        signal: limit.signal,
      });
      if (!added.ok) throw await failure(added, 'ElevenLabs voices/add');
      voiceId = ((await added.json()) as { voice_id?: string }).voice_id;
      if (!voiceId) throw new EngineError('protocol', 'ElevenLabs voices/add: no voice_id');
      return await this.speak(voiceId, input.text, limit.signal);
    } catch (err) {
      throw limit.failure(err, 'ElevenLabs clone');
    } finally {
      limit.done();
      if (voiceId) {
        await fetch(`${this.base}/v1/voices/${encodeURIComponent(voiceId)}`, {
          method: 'DELETE',
          headers: { 'xi-api-key': this.options.apiKey },
          signal: AbortSignal.timeout(10_000),
        }).catch(() => undefined);
      }
    }
  }
}
