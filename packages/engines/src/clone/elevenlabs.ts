import type { ElevenLabsEngine } from '../speech/elevenlabs';
import type { ClonedVoice, CloneRequest, VoiceCloneEngine } from './types';

/**
 * ElevenLabs instant voice cloning (`ElevenLabsEngine.clone()`) for typed scripts. ElevenLabs
 * speaks text, it does not convert a recording: a recorded script goes to `recorded` (the
 * offline conversion), which then names itself as the engine that answered.
 */
export class ElevenLabsCloneEngine implements VoiceCloneEngine {
  readonly id = 'elevenlabs';
  readonly offline = false;

  constructor(
    private readonly elevenlabs: ElevenLabsEngine,
    private readonly recorded: VoiceCloneEngine,
  ) {}

  async cloneVoice(request: CloneRequest): Promise<ClonedVoice> {
    if (!request.text || request.script) return this.recorded.cloneVoice(request);
    const audio = await this.elevenlabs.clone({
      reference: { bytes: request.referenceWav, filename: 'reference.wav', mime: 'audio/wav' },
      text: request.text,
      name: request.name,
      ...(request.signal ? { signal: request.signal } : {}),
    });
    return { engineId: this.elevenlabs.id, offline: this.offline, audio };
  }
}
