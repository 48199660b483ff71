import { voiceById, VOICES } from '@lumi/contract';
import { EspeakEngine } from '../speech/espeak';
import { speakText } from '../speech/speak';
import { convertVoice, voiceProfile } from '../voice/convert';
import type { ClonedVoice, CloneRequest, VoiceCloneEngine } from './types';

/**
 * Offline cloning by signal processing (`voice/convert.ts`): the script, recorded or spoken by
 * eSpeak NG, moved toward the reference's pitch and tone. No service, no model.
 */
export class ConvertCloneEngine implements VoiceCloneEngine {
  readonly id = 'convert';
  readonly offline = true;
  private readonly espeak = new EspeakEngine();

  async cloneVoice(request: CloneRequest): Promise<ClonedVoice> {
    const { reference, sampleRate } = request;
    const profile = voiceProfile(reference, sampleRate);
    let script = request.script;
    if (!script) {
      // A typed script is first spoken by eSpeak NG in a voice near the reference's pitch.
      const base = voiceById(profile.pitch > 165 ? 'bella' : 'adam') ?? VOICES[0]!;
      script = await speakText(this.espeak, base, request.text ?? '', {
        sampleRate,
        signal: request.signal,
      });
    }
    request.progress?.(0.5);
    return { engineId: this.id, offline: this.offline, pcm: convertVoice(script, profile, sampleRate) };
  }
}
