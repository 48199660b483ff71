import { randomUUID } from 'node:crypto';
import {
  CATEGORY_TAG,
  CHARACTER_LIMITS,
  DEFAULT_MODEL,
  ErrorCode,
  modelProfile,
  parseTags,
  readCardAppearance,
  readCardCredits,
  readCardVoice,
  type CharacterForm,
  type ParsedCard,
} from '@lumi/contract';
import type { Db } from '../../db/client';
import type { Character, LineageEntry, NewCharacter, User } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { checkImage, listImage, reencodeImage } from '../../lib/images';
import { requireUploadAllowed } from '../images/picture-check';
import type { FileStorage } from '../../lib/storage';
import type { ModerationService } from '../safety/moderation.service';
import {
  bookTexts,
  cardExtraOf,
  pngCard,
  readUploadedCard,
  refuseOversizedBook,
  withBook,
} from './character-card';
import { checkCharacterVoice } from './character-voice';

export interface UploadedFiles {
  head?: Buffer | undefined;
  card?: Buffer | undefined;
  /** The look's reference picture (issue 22). */
  reference?: Buffer | undefined;
}

/*
 * A character's fields as the create and edit forms and imported cards carry them: merging form
 * over card over base, the checks, and the images stored. The card's own data (what is kept of
 * an imported card, what an exported one carries) is character-card.ts's.
 */

export const nsfwRequired = () => new BusinessError(ErrorCode.NSFW_REQUIRED, 'nsfw_required');
const required = (
  key:
    | 'character_avatar_required'
    | 'character_name_required'
    | 'character_desc_required'
    | 'character_greeting_required',
) => new BusinessError(ErrorCode.INVALID_INPUT, key);

/**
 * Merges the form over an imported card over the base (the character being edited or cloned),
 * checks the required fields in the order the form shows them, the content policy and the
 * avatar, and stores new images.
 */
export async function resolveDraft(
  deps: { moderation: ModerationService; storage: FileStorage; db: Db },
  user: User,
  form: CharacterForm,
  files: UploadedFiles,
  base: Partial<Draft>,
  /** Whose character it is (an admin may edit another's): a cloned voice must be theirs. */
  ownerId: string = user.id,
): Promise<{ values: Omit<NewCharacter, 'ownerId' | 'approval'>; tags: string[] }> {
  const card = files.card ? readUploadedCard(files.card) : undefined;
  if (card) refuseOversizedBook(card.data.character_book);
  const fromCard = card ? draftOfCard(card) : {};
  // A card that names the versions it is based on starts the lineage from them; a clone's (or
  // an edited character's) own lineage stays.
  const cardChain = card ? readCardCredits(card.data.extensions) : undefined;
  // Required fields: a blank form value falls back to the card, then the base. Optional ones:
  // a blank form value clears the field.
  const need = <K extends 'name' | 'description' | 'personality' | 'firstMessage'>(
    key: K,
    formValue: string | undefined,
  ) => (formValue?.trim() ? formValue : undefined) ?? fromCard[key] ?? base[key];
  const pick = <K extends keyof Draft>(key: K, formValue: Draft[K] | undefined): Draft[K] | undefined =>
    formValue ?? fromCard[key] ?? base[key];

  // The avatar: an upload, else the card's own picture (a PNG card, a CHARX icon), else the
  // base's images.
  let headBytes = files.head;
  if (!headBytes && card && !base.headKey)
    headBytes = card.image ? Buffer.from(card.image) : pngCard(files.card);
  if (!headBytes && !base.headKey) throw required('character_avatar_required');

  const name = need('name', form.name)?.trim();
  if (!name) throw required('character_name_required');
  // The long texts are kept as written (a card's line breaks round-trip); blank counts as empty.
  const description = need('description', form.desc) ?? '';
  const personality = need('personality', form.personality) ?? '';
  const firstMessage = need('firstMessage', form.first_message) ?? '';
  // Personality is never required (many real cards leave it empty). A character written in the
  // form needs its description and greeting; one that comes from a card, or is an edit or a clone
  // of one, needs only something to play from (decisions.md).
  const fromCardOrBase = card !== undefined || base.name !== undefined;
  const [hasDescription, hasPersonality, hasGreeting] = [description, personality, firstMessage].map(
    (text) => text.trim() !== '',
  );
  if (!hasDescription && (!fromCardOrBase || (!hasPersonality && !hasGreeting)))
    throw required('character_desc_required');
  if (!hasGreeting && !fromCardOrBase) throw required('character_greeting_required');

  const nsfw = form.NSFW ?? base.nsfw ?? false;
  const model = form.model ?? base.model ?? DEFAULT_MODEL;
  const profile = modelProfile(model);
  if ((nsfw || profile?.adult) && !user.enableNsfw) throw nsfwRequired();
  const category = form.category ?? base.category ?? 'realistic';
  const visibility = form.visibility ?? base.visibility ?? 'public';
  const voiceId = form.voice_id !== undefined ? form.voice_id : (fromCard.voiceId ?? base.voiceId ?? null);
  await checkCharacterVoice(deps.db, ownerId, voiceId, visibility);
  const values = {
    name: name.slice(0, CHARACTER_LIMITS.name),
    description,
    personality,
    firstMessage,
    alternateGreetings:
      form.alternate_greetings ?? fromCard.alternateGreetings ?? base.alternateGreetings ?? [],
    scenario: pick('scenario', form.scenario) ?? '',
    appearance: (pick('appearance', form.appearance) ?? '').trim().slice(0, CHARACTER_LIMITS.appearance),
    exampleDialogue: pick('exampleDialogue', form.example_dialogue) ?? '',
    systemPrompt: pick('systemPrompt', form.system_prompt) ?? '',
    postHistoryInstructions: pick('postHistoryInstructions', form.post_history_instructions) ?? '',
    creatorNotes: pick('creatorNotes', form.creator_notes) ?? '',
    chatStyle: form.chat_style ?? base.chatStyle ?? profile?.chatStyle ?? 'story',
    model,
    category,
    gender: form.gender ?? base.gender ?? 'Female',
    nsfw,
    visibility,
    voiceId,
    cardExtra: withBook(
      card ? cardExtraOf(card) : (base.cardExtra ?? { data: {}, top: {} }),
      form.character_book,
    ),
    clonedFrom: base.clonedFrom ?? null,
    lineage: base.lineage?.length
      ? base.lineage
      : (cardChain?.map((c): LineageEntry => ({ ...c, listed: true })) ?? base.lineage ?? []),
  };

  const tagNames = parseTags(form.tag ?? fromCard.tags ?? base.tags ?? []);
  // Every text the chat or the card carries, the character book's entries included: the
  // floor and the backends see them together. Characters are adults: the refusal says so.
  await deps.moderation.requireText(
    [
      values.name,
      values.description,
      values.personality,
      values.firstMessage,
      values.scenario,
      values.appearance,
      values.exampleDialogue,
      values.systemPrompt,
      values.postHistoryInstructions,
      values.creatorNotes,
      ...values.alternateGreetings,
      ...tagNames,
      ...bookTexts(values.cardExtra.data.character_book),
      // The names a card credits are shown on the character's page.
      ...(cardChain ?? []).flatMap((c) => [c.name, c.creator]),
    ],
    { surface: 'character', adult: nsfw },
    user.id,
    'content_minor',
  );
  const categoryTag = CATEGORY_TAG[category];
  if (!tagNames.some((t) => t.toLowerCase() === categoryTag.toLowerCase())) tagNames.unshift(categoryTag);
  const tags = tagNames.slice(0, CHARACTER_LIMITS.tags);

  let headKey = base.headKey;
  let listHeadKey = base.listHeadKey;
  if (headBytes) {
    const image = await checkImage(headBytes);
    // Stored and served as its pixels only: no EXIF, no card text, nothing appended.
    const head = await reencodeImage(headBytes, image.format);
    // An explicit avatar only on a character marked adult.
    await requireUploadAllowed(deps.moderation, head, nsfw, user.id);
    const key = `avatars/${randomUUID()}`;
    headKey = `${key}.${image.ext}`;
    listHeadKey = `${key}-402.webp`;
    await deps.storage.put(headKey, head, image.contentType);
    await deps.storage.put(listHeadKey, await listImage(head), 'image/webp');
  } else if (base.nsfw && !nsfw && base.headKey) {
    // The avatar it keeps is classified again when the character stops being adult.
    const kept = await deps.storage.get(base.headKey);
    if (kept) await requireUploadAllowed(deps.moderation, kept, false, user.id);
  }
  if (!headKey || !listHeadKey) throw required('character_avatar_required');
  const referenceKey = await storeReference(
    deps,
    user,
    files.reference,
    form.remove_reference ? null : (base.referenceKey ?? null),
    {
      nsfw,
      wasNsfw: base.nsfw ?? false,
    },
  );
  return { values: { ...values, headKey, listHeadKey, referenceKey, tagLine: tags.join(',') }, tags };
}

/**
 * What a clone uploads of its source: a copy gets image files of its own, so removing either
 * character, or erasing either owner's account, never takes the other's avatar or reference
 * picture (issue 22); the form's own files, or its removing the reference, win.
 */
export async function cloneUploads(
  storage: FileStorage,
  source: Character,
  form: CharacterForm,
  files: UploadedFiles,
): Promise<UploadedFiles> {
  const head = files.head ?? (await storage.get(source.headKey));
  const reference =
    files.reference ??
    (source.referenceKey && !form.remove_reference ? await storage.get(source.referenceKey) : undefined);
  return { ...files, head, reference };
}

/** The image files an edit stopped using: a replaced avatar's, a replaced or removed reference. */
export function replacedImageKeys(
  existing: Character,
  values: { headKey: string; listHeadKey: string; referenceKey?: string | null | undefined },
): string[] {
  const replaced = [existing.headKey, existing.listHeadKey].filter(
    (k) => k !== values.headKey && k !== values.listHeadKey,
  );
  if (existing.referenceKey && existing.referenceKey !== values.referenceKey)
    replaced.push(existing.referenceKey);
  return replaced;
}

/**
 * The look's reference picture (issue 22), stored and moderated as an avatar is: a new upload
 * (re-encoded, classified: an explicit one only on an adult character), else the one kept, which
 * is classified again when the character stops being adult.
 */
async function storeReference(
  deps: { moderation: ModerationService; storage: FileStorage },
  user: User,
  upload: Buffer | undefined,
  kept: string | null,
  adult: { nsfw: boolean; wasNsfw: boolean },
): Promise<string | null> {
  if (upload) {
    const image = await checkImage(upload);
    const bytes = await reencodeImage(upload, image.format);
    await requireUploadAllowed(deps.moderation, bytes, adult.nsfw, user.id);
    const key = `references/${randomUUID()}.${image.ext}`;
    await deps.storage.put(key, bytes, image.contentType);
    return key;
  }
  if (kept && adult.wasNsfw && !adult.nsfw) {
    const bytes = await deps.storage.get(kept);
    if (bytes) await requireUploadAllowed(deps.moderation, bytes, false, user.id);
  }
  return kept;
}

export interface Draft {
  name: string;
  description: string;
  personality: string;
  firstMessage: string;
  alternateGreetings: string[];
  scenario: string;
  appearance: string;
  referenceKey: string | null;
  exampleDialogue: string;
  systemPrompt: string;
  postHistoryInstructions: string;
  creatorNotes: string;
  chatStyle: Character['chatStyle'];
  model: string;
  category: Character['category'];
  gender: Character['gender'];
  nsfw: boolean;
  visibility: Character['visibility'];
  cardExtra: Character['cardExtra'];
  headKey: string;
  listHeadKey: string;
  tags: string[];
  clonedFrom: number | null;
  lineage: LineageEntry[];
  voiceId: string | null;
}

export function draftOf(c: Character): Partial<Draft> {
  return {
    name: c.name,
    description: c.description,
    personality: c.personality,
    firstMessage: c.firstMessage,
    alternateGreetings: c.alternateGreetings,
    scenario: c.scenario,
    appearance: c.appearance,
    referenceKey: c.referenceKey,
    exampleDialogue: c.exampleDialogue,
    systemPrompt: c.systemPrompt,
    postHistoryInstructions: c.postHistoryInstructions,
    creatorNotes: c.creatorNotes,
    chatStyle: c.chatStyle,
    model: c.model,
    category: c.category,
    gender: c.gender,
    nsfw: c.nsfw,
    visibility: c.visibility,
    cardExtra: c.cardExtra,
    headKey: c.headKey,
    listHeadKey: c.listHeadKey,
    tags: c.tagLine ? c.tagLine.split(',') : [],
    clonedFrom: c.clonedFrom,
    lineage: c.lineage,
    voiceId: c.voiceId,
  };
}

const nonEmpty = (s: string): string | undefined => (s.trim() ? s : undefined);

function draftOfCard(card: ParsedCard): Partial<Draft> {
  const d = card.data;
  const out: Partial<Draft> = {};
  const set = <K extends keyof Draft>(k: K, v: Draft[K] | undefined) => {
    if (v !== undefined) out[k] = v;
  };
  set('name', nonEmpty(d.name));
  set('description', nonEmpty(d.description));
  set('personality', nonEmpty(d.personality));
  set('firstMessage', nonEmpty(d.first_mes));
  set('scenario', nonEmpty(d.scenario));
  set('exampleDialogue', nonEmpty(d.mes_example));
  set('systemPrompt', nonEmpty(d.system_prompt));
  set('postHistoryInstructions', nonEmpty(d.post_history_instructions));
  set('creatorNotes', nonEmpty(d.creator_notes));
  if (d.alternate_greetings.length) out.alternateGreetings = d.alternate_greetings;
  if (d.tags.length) out.tags = d.tags;
  set('voiceId', readCardVoice(d.extensions));
  set('appearance', readCardAppearance(d.extensions));
  return out;
}
