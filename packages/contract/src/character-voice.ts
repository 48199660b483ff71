/**
 * A character's voice (issue 22, item 1): one of the 17 preset voices, or, for its owner's
 * private characters, a voice the owner cloned with consent (`clone:<the clone's job id>`).
 * A card carries only a preset (`data.extensions.lumi.voice_id`): a cloned voice is the owner's
 * alone and means nothing on another site. Zod-free: the card parser shares it.
 */
import { CARD_EXTENSION_KEY } from './lineage';
import { isRecord } from './records';
import { voiceById } from './voices';

export const CLONED_VOICE_PREFIX = 'clone:';
export const CARD_VOICE_KEY = 'voice_id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The character voice id of one of the owner's clones. */
export const clonedVoiceId = (jobId: string) => `${CLONED_VOICE_PREFIX}${jobId}`;

/** The clone's job id of a cloned voice id, or undefined for anything else. */
export function clonedVoiceJob(voiceId: string): string | undefined {
  if (!voiceId.startsWith(CLONED_VOICE_PREFIX)) return undefined;
  const id = voiceId.slice(CLONED_VOICE_PREFIX.length);
  return UUID.test(id) ? id.toLowerCase() : undefined;
}

export const isPresetVoice = (voiceId: string): boolean => voiceById(voiceId) !== undefined;

/** Whether a character's voice id has a shape the server accepts (a preset or a clone id). */
export const isCharacterVoiceId = (voiceId: string): boolean =>
  isPresetVoice(voiceId) || clonedVoiceJob(voiceId) !== undefined;

/** The voice a character without one speaks in: by its gender. */
export const defaultVoiceFor = (gender: 'Female' | 'Male' | null | undefined): string =>
  gender === 'Male' ? 'adam' : 'aria';

/** The preset voice a card's extensions name, or undefined (none, or not one of the presets). */
export function readCardVoice(extensions: Record<string, unknown>): string | undefined {
  const own = extensions[CARD_EXTENSION_KEY];
  const voice = isRecord(own) ? own[CARD_VOICE_KEY] : undefined;
  return typeof voice === 'string' && isPresetVoice(voice) ? voice : undefined;
}

/** The extensions without the voice (kept in its own column, written back on export). */
export function withoutCardVoice(extensions: Record<string, unknown>): Record<string, unknown> {
  const own = extensions[CARD_EXTENSION_KEY];
  if (!isRecord(own) || !(CARD_VOICE_KEY in own)) return extensions;
  const { [CARD_VOICE_KEY]: _voice, ...rest } = own;
  const { [CARD_EXTENSION_KEY]: _own, ...others } = extensions;
  return Object.keys(rest).length > 0 ? { ...others, [CARD_EXTENSION_KEY]: rest } : others;
}

/** The extensions with the character's voice in them, when it is a preset (unchanged otherwise). */
export function withCardVoice(
  extensions: Record<string, unknown>,
  voiceId: string | null,
): Record<string, unknown> {
  if (!voiceId || !isPresetVoice(voiceId)) return extensions;
  const own = extensions[CARD_EXTENSION_KEY];
  return {
    ...extensions,
    [CARD_EXTENSION_KEY]: { ...(isRecord(own) ? own : {}), [CARD_VOICE_KEY]: voiceId },
  };
}
