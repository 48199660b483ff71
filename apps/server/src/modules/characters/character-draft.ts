import { randomUUID } from 'node:crypto';
import {
  CATEGORY_TAG,
  CHARACTER_LIMITS,
  CardError,
  DEFAULT_MODEL,
  ErrorCode,
  LINEAGE_LIMITS,
  isPng,
  isRecord,
  lorebookLimitsSchema,
  modelProfile,
  parseTags,
  readCardAppearance,
  readCardCredits,
  readCardFile,
  readCardVoice,
  withCardAppearance,
  withCardCredits,
  withCardVoice,
  withoutCardAppearance,
  withoutCardCredits,
  withoutCardVoice,
  type CardCredit,
  type CardData,
  type CharacterForm,
  type ParsedCard,
} from '@lumi/contract';
import type { Db } from '../../db/client';
import type { Character, LineageEntry, NewCharacter, User } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { inputError } from '../../lib/validate';
import { checkImage, listImage, reencodeImage } from '../../lib/images';
import { requireUploadAllowed } from '../images/picture-check';
import type { FileStorage } from '../../lib/storage';
import type { ModerationService } from '../safety/moderation.service';
import type { FullRow } from './characters.repository';
import { checkCharacterVoice } from './character-voice';

export interface UploadedFiles {
  head?: Buffer | undefined;
  card?: Buffer | undefined;
  /** The look's reference picture (issue 22). */
  reference?: Buffer | undefined;
}

/*
 * A character's fields as the create and edit forms, imported cards and exported cards carry
 * them: merging form over card over base, the checks, and the card's own data.
 */

export const nsfwRequired = () => new BusinessError(ErrorCode.NSFW_REQUIRED, 'nsfw_required');
const required = (
  key:
    | 'character_avatar_required'
    | 'character_name_required'
    | 'character_desc_required'
    | 'character_greeting_required',
) => new BusinessError(ErrorCode.INVALID_INPUT, key);

/** The keys of a card's data that have their own column; the rest ride along in card_extra. */
const MAPPED_CARD_KEYS = new Set([
  'name',
  'description',
  'personality',
  'scenario',
  'first_mes',
  'mes_example',
  'creator_notes',
  'system_prompt',
  'post_history_instructions',
  'alternate_greetings',
]);

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
  let card: ParsedCard | undefined;
  if (files.card) {
    try {
      card = readCardFile(files.card);
    } catch (err) {
      if (err instanceof CardError) throw new BusinessError(ErrorCode.INVALID_INPUT, 'card_invalid');
      throw err;
    }
  }
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

/**
 * A card file's lorebook within LOREBOOK_LIMITS (the form's own book is held to them by the call's
 * schema): the translated 100001 that names what is over, as `card.character_book.…`.
 */
function refuseOversizedBook(book: unknown): void {
  if (book === undefined) return;
  const issue = lorebookLimitsSchema.safeParse(book).error?.issues[0];
  if (issue)
    throw inputError(
      { ...issue, path: ['card', 'character_book', ...issue.path] },
      { card: { character_book: book } },
    );
}

/**
 * The card data kept along, with the form's lorebook in place of the card's or the stored one:
 * `null` removes it, `undefined` keeps what there is.
 */
function withBook(
  extra: Character['cardExtra'],
  book: CharacterForm['character_book'],
): Character['cardExtra'] {
  if (book === undefined) return extra;
  const { character_book: _old, ...data } = extra.data;
  return { ...extra, data: book === null ? data : { ...data, character_book: book } };
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

/** The texts of a card's character book (keys, names, comments and contents of its entries). */
function bookTexts(book: unknown): string[] {
  const entries = (book as { entries?: unknown } | null | undefined)?.entries;
  if (!Array.isArray(entries)) return [];
  const out: string[] = [];
  const add = (v: unknown) => {
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) for (const x of v) if (typeof x === 'string') out.push(x);
  };
  for (const entry of entries as Record<string, unknown>[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    add(entry.keys);
    add(entry.secondary_keys);
    add(entry.name);
    add(entry.comment);
    add(entry.content);
  }
  return out;
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

/** A PNG card file is also the picture it brings. */
const pngCard = (file: Buffer | undefined): Buffer | undefined => (file && isPng(file) ? file : undefined);

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

/** The card's keys without a column; its chain of credits has one (lineage). */
function cardExtraOf(card: ParsedCard): Character['cardExtra'] {
  const data: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(card.data)) if (!MAPPED_CARD_KEYS.has(k)) data[k] = v;
  data.extensions = withoutCardAppearance(withoutCardVoice(withoutCardCredits(card.data.extensions)));
  return { data, top: card.extra };
}

/**
 * The creator a version is credited to: the creator its card names (an imported card keeps its
 * own), else its owner's public name (empty while their profile is hidden).
 */
export function creditedCreator(row: FullRow): string {
  const own = row.c.cardExtra.data.creator;
  const named = typeof own === 'string' ? own.replace(/\s+/g, ' ').trim() : '';
  // By code points: a cut never splits a pair (the database refuses a lone half in JSON).
  return Array.from(named || row.creatorName.trim())
    .slice(0, LINEAGE_LIMITS.creator)
    .join('');
}

/**
 * What a clone carries of its source's card data: everything but the creator, since the one who
 * clones is the creator of the new version (the source is credited in the lineage).
 */
export function clonedCardExtra(extra: Character['cardExtra']): Character['cardExtra'] {
  const { creator: _creator, ...data } = extra.data;
  return { data, top: extra.top };
}

/**
 * The tags an exported card carries: the card's own, as it wrote them, while the character's tags
 * are still those (the category tag this site adds aside); the character's once they changed.
 */
function exportTags(carried: unknown, tags: string[], categoryTag: string): string[] {
  if (!Array.isArray(carried) || !carried.every((t) => typeof t === 'string')) return tags;
  // Both lists are parsed tags (trimmed, one of each): compared without case or order.
  const key = (list: readonly string[]) =>
    list
      .map((t) => t.toLowerCase())
      .sort()
      .join('\n');
  const own = parseTags(carried);
  const added = own.some((t) => t.toLowerCase() === categoryTag.toLowerCase()) ? [] : [categoryTag];
  const current = tags.filter((t) => !added.some((a) => a.toLowerCase() === t.toLowerCase()));
  return key(own.slice(0, CHARACTER_LIMITS.tags)) === key(current) ? carried : tags;
}

/**
 * A character as an exported card's data (V3): its columns over the keys it carried along, and
 * the versions it is based on in `extensions.lumi.based_on` (none: the extensions as they came).
 */
export function cardDataOf(row: FullRow, tags: string[], basedOn: readonly CardCredit[] = []): CardData {
  const c = row.c;
  const carried = c.cardExtra.data.extensions;
  const extensions = withCardAppearance(
    withCardVoice(withCardCredits(isRecord(carried) ? carried : {}, basedOn), c.voiceId),
    c.appearance,
  );
  return {
    creator: row.creatorName.trim(),
    character_version: '',
    ...c.cardExtra.data,
    name: c.name,
    description: c.description,
    personality: c.personality,
    scenario: c.scenario,
    first_mes: c.firstMessage,
    mes_example: c.exampleDialogue,
    creator_notes: c.creatorNotes,
    system_prompt: c.systemPrompt,
    post_history_instructions: c.postHistoryInstructions,
    alternate_greetings: c.alternateGreetings,
    tags: exportTags(c.cardExtra.data.tags, tags, CATEGORY_TAG[c.category]),
    extensions,
  };
}
