import {
  CATEGORY_TAG,
  CHARACTER_LIMITS,
  CardError,
  ErrorCode,
  LINEAGE_LIMITS,
  isPng,
  isRecord,
  lorebookLimitsSchema,
  parseTags,
  readCardFile,
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
import type { Character } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { inputError } from '../../lib/validate';
import type { FullRow } from './characters.repository';

/*
 * A character card's own data: reading an uploaded card, what a character keeps of it, and the
 * card it exports (character-draft.ts merges a card's fields with the form's).
 */

/** An uploaded card file read, or the translated 100001 'card_invalid'. */
export function readUploadedCard(file: Buffer): ParsedCard {
  try {
    return readCardFile(file);
  } catch (err) {
    if (err instanceof CardError) throw new BusinessError(ErrorCode.INVALID_INPUT, 'card_invalid');
    throw err;
  }
}

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
 * A card file's lorebook within LOREBOOK_LIMITS (the form's own book is held to them by the call's
 * schema): the translated 100001 that names what is over, as `card.character_book.…`.
 */
export function refuseOversizedBook(book: unknown): void {
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
export function withBook(
  extra: Character['cardExtra'],
  book: CharacterForm['character_book'],
): Character['cardExtra'] {
  if (book === undefined) return extra;
  const { character_book: _old, ...data } = extra.data;
  return { ...extra, data: book === null ? data : { ...data, character_book: book } };
}

/** The texts of a card's character book (keys, names, comments and contents of its entries). */
export function bookTexts(book: unknown): string[] {
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

/** A PNG card file is also the picture it brings. */
export const pngCard = (file: Buffer | undefined): Buffer | undefined =>
  file && isPng(file) ? file : undefined;

/** The card's keys without a column; its chain of credits has one (lineage). */
export function cardExtraOf(card: ParsedCard): Character['cardExtra'] {
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
