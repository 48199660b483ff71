import {
  clonedVoiceId,
  COSTS,
  ErrorCode,
  SPEECH_LIMITS,
  ttsCost,
  voiceById,
  VOICES,
  type MessageKey,
  type SpeechHistoryItem,
  type VoicePreset,
} from '@lumi/contract';
import {
  convertVoice,
  decodeWav,
  encodeWav,
  voiceProfile,
  isEngineError,
  speakText,
  type SpeechEngine,
  type VoiceCloneEngine,
} from '@lumi/engines';
import type { Db } from '../../db/client';
import type { JobRow, User } from '../../db/schema';
import { AudioError, decodeAudio, encodeAudio, SAMPLE_RATE, seconds } from '../../lib/audio';
import { cloneProfileOf, storedProfile, voiceProfileOf, type StoredProfile } from '../../lib/cloned-voice';
import type { Clock } from '../../lib/clock';
import { BusinessError } from '../../lib/errors';
import { jobFileName, randomName, type FileStorage, type PrivateFiles } from '../../lib/storage';
import type { CreditsService } from '../credits/credits.service';
import type { JobQueue } from '../jobs/job-queue';
import { doneJobs } from '../jobs/jobs.repository';
import { JobRefused, settledBy, type JobHandler } from '../jobs/worker';
import type { ModerationService } from '../safety/moderation.service';

export interface SpeechJobInput {
  voiceId: string;
  text: string;
  format: 'mp3' | 'wav';
  /** A cloned voice (a character's, issue 22): the preset's speech is converted toward it. */
  profile?: StoredProfile;
}

interface CloneJobInput {
  /** The reference (10-20 s) and the recorded script, stored privately as WAV. */
  referenceKey: string;
  scriptKey: string | null;
  text: string | null;
  format: 'mp3' | 'wav';
  consent: { at: number; ip: string };
}

export interface AudioResult {
  key: string;
  format: 'mp3' | 'wav';
  seconds: number;
  engine: string;
  /** A clone's: what later speech in the cloned voice needs of the reference (lib/cloned-voice.ts). */
  profile?: StoredProfile;
}

export interface SpeechDeps {
  db: Db;
  clock: Clock;
  credits: CreditsService;
  queue: JobQueue;
  engine: SpeechEngine;
  /** Clones voices: ElevenLabs (typed scripts; recorded ones converted offline) or the offline conversion. */
  cloner: VoiceCloneEngine;
  files: PrivateFiles;
  /** Public storage: the voices' preview samples. */
  storage: FileStorage;
  /** Generations one user may have waiting or running at once (every kind together). */
  maxOpenPerUser: number;
  /** Checks the texts to speak and the typed clone scripts (issue 18). */
  moderation: ModerationService;
}

const MIME = { mp3: 'audio/mpeg', wav: 'audio/wav' } as const;

const refused = (key: MessageKey, params: Record<string, string> = {}) =>
  new BusinessError(ErrorCode.INVALID_INPUT, key, params);

/**
 * Text to speech in 17 preset voices, and voice cloning. Both are jobs (credits spent with the
 * job, refunded if it fails) that the request waits for, then answers the audio itself.
 */
export class SpeechService {
  constructor(private readonly deps: SpeechDeps) {}

  get offline(): boolean {
    return this.deps.engine.offline;
  }

  voices() {
    return VOICES.map(({ espeak: _espeak, ...voice }) => ({
      ...voice,
      preview_url: `/cgi-bin/speech/preview/${voice.voice_id}`,
    }));
  }

  /** Speaks text in a voice to PCM: split at sentence ends, each piece spoken, joined. */
  private speak(engine: SpeechEngine, voice: VoicePreset, text: string, signal?: AbortSignal) {
    return speakText(engine, voice, text, {
      sampleRate: SAMPLE_RATE,
      signal,
      decode: (audio) => decodeAudio({ bytes: audio.bytes }),
    });
  }

  /** A voice's sample, made once per engine and kept in public storage. */
  async preview(voiceId: string): Promise<{ url: string } | undefined> {
    const voice = voiceById(voiceId);
    if (!voice) return undefined;
    const key = `voice-previews/${this.deps.engine.id}-${voice.voice_id}.mp3`;
    if (!(await this.deps.storage.get(key))) {
      const pcm = await this.speak(
        this.deps.engine,
        voice,
        `Hi, I'm ${voice.name}. This is how I sound when I read your text aloud.`,
      );
      await this.deps.storage.put(key, await encodeAudio(pcm, 'mp3'), 'audio/mpeg');
    }
    return { url: this.deps.storage.url(key) };
  }

  private async runJob(
    user: User,
    kind: 'speech' | 'voice_clone',
    cost: number,
    input: SpeechJobInput | CloneJobInput,
    lane: number,
    /** Drops the files kept for the job when the job is refused (too many open, credits...). */
    onRefused: () => Promise<void> = () => Promise.resolve(),
  ): Promise<{ bytes: Buffer; mime: string; id: string }> {
    const job = await this.deps.queue
      .submit(
        {
          userId: user.id,
          kind,
          lane,
          input,
          cost,
          reason: kind === 'speech' ? 'text to speech' : 'voice clone',
          preview: kind === 'speech' ? this.deps.engine.offline : this.deps.cloner.offline,
        },
        { maxOpen: this.deps.maxOpenPerUser },
      )
      .catch(async (err: unknown) => {
        await onRefused().catch(() => undefined);
        throw err;
      });
    const done = await this.deps.queue.waitFor(job.id, 200_000);
    if (done?.state !== 'done') {
      throw new BusinessError(ErrorCode.OPERATION_FAILED, (done?.error ?? 'generation_failed') as MessageKey);
    }
    const result = done.result as AudioResult;
    const bytes = await this.deps.files.storage.get(result.key);
    if (!bytes) throw new BusinessError(ErrorCode.OPERATION_FAILED, 'generation_failed');
    return { bytes, mime: MIME[result.format], id: done.id };
  }

  async textToSpeech(
    user: User,
    body: { voice_id: string; text: string; format: 'mp3' | 'wav' },
    vip: boolean,
  ) {
    await this.requireScript(user, body.text);
    const input: SpeechJobInput = { voiceId: body.voice_id, text: body.text, format: body.format };
    return this.runJob(user, 'speech', ttsCost(body.text), input, vip ? 0 : 1);
  }

  readonly speechHandler: JobHandler = async (job, context) => {
    const input = job.input as SpeechJobInput;
    const voice = voiceById(input.voiceId);
    if (!voice) throw new JobRefused('generation_failed');
    let pcm: Float32Array;
    try {
      pcm = await this.speak(this.deps.engine, voice, input.text, context.signal);
    } catch (err) {
      if (isEngineError(err) && err.kind === 'rejected') throw new JobRefused('generation_refused');
      throw err;
    }
    if (input.profile) pcm = convertVoice(pcm, voiceProfileOf(input.profile), SAMPLE_RATE);
    return this.store(job, pcm, input.format, this.deps.engine.id, this.deps.engine.offline);
  };

  private async store(
    job: JobRow,
    pcm: Float32Array,
    format: 'mp3' | 'wav',
    engine: string,
    preview: boolean,
  ) {
    const key = `audio/${jobFileName(job.id, 0)}.${format}`;
    const bytes = format === 'wav' ? encodeWav(pcm, SAMPLE_RATE) : await encodeAudio(pcm, format);
    await this.deps.files.storage.put(key, bytes, MIME[format]);
    const result: AudioResult = { key, format, seconds: +seconds(pcm).toFixed(2), engine };
    return { result, preview };
  }

  /** A done speech job's audio for the status call: its signed URL (empty for other jobs). */
  statusAudio(job: JobRow): { audio?: { url: string; format: 'mp3' | 'wav'; seconds: number } } {
    if (job.kind !== 'speech' || job.state !== 'done') return {};
    const result = job.result as AudioResult;
    const url = this.deps.files.url(result.key, this.deps.clock().getTime());
    return { audio: { url, format: result.format, seconds: result.seconds } };
  }

  /**
   * Checks the uploads (format by content, real duration, silence), keeps them privately as
   * WAV while the job needs them, spends the clone's credits and waits for the job: answers the
   * cloned audio.
   */
  async clone(
    user: User,
    input: {
      reference: { file: string; format: string };
      script: { file: string } | null;
      text: string | null;
      consent: boolean;
      format: 'mp3' | 'wav';
      ip: string;
    },
  ) {
    if (!input.consent) throw refused('consent_required');
    if (!input.script && !input.text) throw refused('script_required');
    if (input.text) await this.requireScript(user, input.text);
    // Decoded up to 10 minutes, so the message can say how long a too-long file really is.
    const reference = await this.decodeChecked(input.reference.file, 600);
    const length = seconds(reference);
    if (length < SPEECH_LIMITS.referenceMinSeconds || length > SPEECH_LIMITS.referenceMaxSeconds) {
      throw refused('reference_length', { seconds: length.toFixed(1) });
    }
    let script: Float32Array | null = null;
    if (input.script) {
      script = await this.decodeChecked(input.script.file, 600);
      if (seconds(script) > SPEECH_LIMITS.scriptMaxSeconds) throw refused('script_too_long');
    }
    const job: CloneJobInput = {
      referenceKey: `clone-inputs/${randomName()}.wav`,
      scriptKey: script ? `clone-inputs/${randomName()}.wav` : null,
      text: input.text,
      format: input.format,
      consent: { at: this.deps.clock().getTime(), ip: input.ip },
    };
    const drop = () => this.dropInputs(job);
    try {
      await this.deps.files.storage.put(job.referenceKey, encodeWav(reference, SAMPLE_RATE), 'audio/wav');
      if (script && job.scriptKey) {
        await this.deps.files.storage.put(job.scriptKey, encodeWav(script, SAMPLE_RATE), 'audio/wav');
      }
    } catch (err) {
      await drop().catch(() => undefined);
      throw err;
    }
    // A refused job (too many open, not enough credits) takes its recordings with it.
    return this.runJob(user, 'voice_clone', COSTS.voiceClone, job, 0, drop);
  }

  /**
   * A text to be spoken passes moderation before anything is decoded, stored, spent or queued:
   * a refusal is the envelope's 100009 and charges nothing.
   */
  private async requireScript(user: User, text: string): Promise<void> {
    await this.deps.moderation.requireText(
      text,
      { surface: 'voice_script', adult: user.enableNsfw },
      user.id,
      'content_refused',
    );
  }

  /** The recordings are needed only while the clone runs: gone once it is done or failed. */
  private async dropInputs(input: CloneJobInput): Promise<void> {
    const keys = [input.referenceKey, input.scriptKey].filter((k): k is string => !!k);
    await Promise.all(keys.map((key) => this.deps.files.storage.delete(key)));
  }

  private dropJobInputs(job: JobRow): Promise<void> {
    return this.dropInputs(job.input as CloneJobInput);
  }

  private async decodeChecked(file: string, maxSeconds: number): Promise<Float32Array> {
    let pcm: Float32Array;
    try {
      pcm = await decodeAudio({ file }, maxSeconds);
    } catch (err) {
      if (err instanceof AudioError) throw refused(err.key);
      throw err;
    }
    let peak = 0;
    for (const s of pcm) peak = Math.max(peak, Math.abs(s));
    if (peak < 0.01) throw refused('audio_silent');
    return pcm;
  }

  readonly cloneHandler: JobHandler = settledBy(this.dropJobInputs.bind(this), async (job, context) => {
    const input = job.input as CloneJobInput;
    const referenceBytes = await this.deps.files.storage.get(input.referenceKey);
    if (!referenceBytes) throw new JobRefused('generation_failed');
    let script: Float32Array | null = null;
    if (input.scriptKey) {
      const bytes = await this.deps.files.storage.get(input.scriptKey);
      if (!bytes) throw new JobRefused('generation_failed');
      script = decodeWav(bytes).pcm;
    }
    const cloned = await this.deps.cloner.cloneVoice({
      reference: decodeWav(referenceBytes).pcm,
      referenceWav: referenceBytes,
      sampleRate: SAMPLE_RATE,
      script,
      text: input.text,
      name: `lumi-${job.id}`,
      signal: context.signal,
      progress: (share) => context.progress(share),
    });
    const out =
      'pcm' in cloned
        ? cloned.pcm
        : await decodeAudio({ bytes: cloned.audio.bytes }, SPEECH_LIMITS.cloneMaxSeconds);
    const cap = SPEECH_LIMITS.cloneMaxSeconds * SAMPLE_RATE;
    const stored = await this.store(
      job,
      out.length > cap ? out.subarray(0, cap) : out,
      input.format,
      cloned.engineId,
      cloned.offline,
    );
    // Kept so the owner can give the voice to a private character (issue 22); the recording goes.
    const profile = storedProfile(voiceProfile(decodeWav(referenceBytes).pcm, SAMPLE_RATE));
    return { ...stored, result: { ...stored.result, profile } };
  });

  async history(user: User): Promise<SpeechHistoryItem[]> {
    const rows = await doneJobs(this.deps.db, user.id, ['speech', 'voice_clone'], 20);
    const now = this.deps.clock().getTime();
    return rows.map((row) => {
      const result = row.result as AudioResult;
      const input = row.input as Partial<SpeechJobInput & CloneJobInput>;
      return {
        id: row.id,
        kind: row.kind as 'speech' | 'voice_clone',
        voice_id: input.voiceId ?? null,
        text: input.text ?? '',
        url: this.deps.files.url(result.key, now),
        format: result.format,
        seconds: result.seconds,
        preview: row.preview,
        created_at: row.createdAt.getTime(),
        character_voice_id: cloneProfileOf(row) ? clonedVoiceId(row.id) : null,
      };
    });
  }
}
