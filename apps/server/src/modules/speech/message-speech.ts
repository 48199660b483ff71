import { createHash } from 'node:crypto';
import {
  clonedVoiceJob,
  defaultVoiceFor,
  ErrorCode,
  isPresetVoice,
  SPEECH_LIMITS,
  ttsCost,
  type JobStatus,
  type MessageKey,
  type MessageSpeech,
} from '@lumi/contract';
import type { ChatMessageRow, JobRow, User } from '../../db/schema';
import { cloneProfileOf, type StoredProfile } from '../../lib/cloned-voice';
import { BusinessError } from '../../lib/errors';
import type { ChatCharacter } from '../characters/character-reads';
import type { JobQueue } from '../jobs/job-queue';
import type { ModerationService } from '../safety/moderation.service';
import type { SpeechJobInput } from './speech.service';

export interface MessageSpeechDeps {
  queue: JobQueue;
  /** Finds the message as the caller sees it, and checks the conversation's character. */
  chat: {
    seenMessage(
      user: User,
      id: number,
      seenIn: string | undefined,
    ): Promise<{ message: ChatMessageRow; character: ChatCharacter | undefined }>;
  };
  moderation: ModerationService;
  /** The speech engine is the offline eSpeak NG: its jobs are previews. */
  offline: boolean;
  maxOpenPerUser: number;
  /** A done speech job's audio (SpeechService.statusAudio). */
  audio: (job: JobRow) => Partial<JobStatus>;
}

/** The chosen alternative of a reply, as much of it as one text-to-speech request speaks. */
function spokenText(message: ChatMessageRow): string {
  const text = (message.swipes[message.swipeIndex] ?? '').trim();
  return Array.from(text).slice(0, SPEECH_LIMITS.text).join('');
}

/**
 * A character's reply read aloud (issue 22): a text-to-speech job in the character's voice,
 * charged as the text-to-speech tool charges for the text, made once per message, text and voice
 * (the page asks again to replay, for free), through the jobs pipeline the tool uses.
 */
export class MessageSpeechService {
  constructor(private readonly deps: MessageSpeechDeps) {}

  /**
   * The voice a reply is read in: the character's preset, or its cloned voice while the
   * character is private and the caller is the clone's maker (anyone else, or a character made
   * public behind the check's back, hears the default voice of its gender).
   */
  private async voiceOf(
    user: User,
    character: ChatCharacter | undefined,
  ): Promise<{ voiceId: string; preset: string; profile?: StoredProfile }> {
    const fallback = defaultVoiceFor(character?.gender);
    const chosen = character?.voice_id ?? null;
    if (!chosen) return { voiceId: fallback, preset: fallback };
    if (isPresetVoice(chosen)) return { voiceId: chosen, preset: chosen };
    const jobId = clonedVoiceJob(chosen);
    const clone =
      jobId && character?.visibility === 'private' ? await this.deps.queue.find(jobId) : undefined;
    const profile = clone?.userId === user.id ? cloneProfileOf(clone) : undefined;
    if (!profile) return { voiceId: fallback, preset: fallback };
    // The cloned voice speaks through the preset nearest its pitch, converted toward it.
    return { voiceId: chosen, preset: (profile.pitch ?? 0) > 165 ? 'bella' : 'adam', profile };
  }

  async speak(
    user: User,
    body: { id: number; conversationId?: string | undefined },
    options: { vip: boolean; message: (key: MessageKey) => string },
  ): Promise<MessageSpeech> {
    const { message, character } = await this.deps.chat.seenMessage(user, body.id, body.conversationId);
    const text = spokenText(message);
    if (message.role !== 'assistant' || !text) {
      throw new BusinessError(ErrorCode.INVALID_INPUT, 'speech_reply_only');
    }
    // The same check as the tool's texts: a refusal is 100009 and charges nothing.
    await this.deps.moderation.requireText(
      text,
      { surface: 'voice_script', adult: user.enableNsfw },
      user.id,
      'content_refused',
    );
    const voice = await this.voiceOf(user, character);
    const cost = ttsCost(text);
    const digest = createHash('sha256').update(text).digest('base64url').slice(0, 22);
    const input: SpeechJobInput & { messageId: number } = {
      voiceId: voice.preset,
      text,
      format: 'mp3',
      messageId: message.id,
      ...(voice.profile ? { profile: voice.profile } : {}),
    };
    const { job, reused } = await this.deps.queue.submitOnce(
      {
        userId: user.id,
        kind: 'speech',
        lane: options.vip ? 0 : 1,
        input,
        cost,
        reason: 'text to speech',
        preview: this.deps.offline,
      },
      { maxOpen: this.deps.maxOpenPerUser },
      `reply:${message.id}:${voice.voiceId}:${digest}`,
    );
    const status = await this.deps.queue.status(job, { message: options.message, results: this.deps.audio });
    return { ...status, cost, charged: reused ? 0 : cost, cached: reused, voice_id: voice.voiceId };
  }
}
