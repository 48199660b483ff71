import { z } from 'zod';
import {
  APPROVAL_STATES,
  CATEGORIES,
  CHARACTER_LIMITS,
  CHAT_STYLES,
  GENDERS,
  LIST_SORTS,
  LOREBOOK_LIMITS,
  MODEL_PROFILE_IDS,
  VISIBILITIES,
  parseTags,
} from '../characters';
import { LINEAGE_LIMITS } from '../lineage';
import { isCharacterVoiceId } from '../character-voice';
import * as API from './routes/characters';
import { endpoint, noData } from './endpoint';
import { jsonField, lorebookSchema, storedLorebookSchema } from './lorebook';

/** Form and query values arrive as strings; blank means "not given". */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const id = z.preprocess(blankToUndefined, z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const page = z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100_000).default(1));
const pageSize = z.preprocess(
  blankToUndefined,
  z.coerce.number().int().min(1).max(CHARACTER_LIMITS.maxPageSize).default(CHARACTER_LIMITS.pageSize),
);
const flag = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.union([
    z.boolean(),
    z
      .enum(['1', '0', 'true', 'false', 'on', 'off'])
      .transform((v) => v === '1' || v === 'true' || v === 'on'),
  ]),
);
/** A list of ids as an array, one id, or a comma-separated string. */
const idList = z.preprocess((v) => {
  if (typeof v === 'string') return v.split(',').filter((s) => s.trim() !== '');
  if (typeof v === 'number') return [v];
  return v;
}, z.array(z.coerce.number().int().positive()).min(1).max(100));

/** GET character/list: the home list (Hot, top rated, New and the chips). */
export const characterListQuerySchema = z.object({
  page,
  page_size: pageSize,
  sort: z.preprocess(blankToUndefined, z.enum(LIST_SORTS).default('dailyRandom')),
  gender: z.preprocess(blankToUndefined, z.enum(GENDERS).optional()),
  NSFW: z.preprocess(blankToUndefined, flag.optional()),
  tag: z.preprocess(blankToUndefined, z.string().trim().max(CHARACTER_LIMITS.tagLength).optional()),
});
export type CharacterListQuery = z.infer<typeof characterListQuerySchema>;

export const characterSearchQuerySchema = z.object({
  query: z.string().max(500).default(''),
  page,
  page_size: pageSize,
});

export const pageQuerySchema = z.object({ page, page_size: pageSize });

export const idQuerySchema = z.object({ id });
/** GET character/get: `from=chat` also records the visit in Recent Chats. */
export const characterGetQuerySchema = z.object({ id, from: z.enum(['chat']).optional() });

export const ratingBodySchema = z.object({
  id,
  rating: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(5)),
});

export const collectAddBodySchema = z.object({ characterId: id });

/** collect/delete and character_browse/delete take the rows' ids or a characterId (spec §7). */
export const idsOrCharacterBodySchema = z
  .object({ ids: idList.optional(), characterId: id.optional() })
  .refine((b) => b.ids !== undefined || b.characterId !== undefined, { path: ['ids'] });

export const adminListBodySchema = z.object({
  page,
  page_size: pageSize,
  approval: z.preprocess(blankToUndefined, z.enum(APPROVAL_STATES).optional()),
  query: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
});

export const adminApproveBodySchema = z.object({
  id,
  /** `approved` publishes, `rejected` hides it from everyone but its owner. */
  approval: z.preprocess(blankToUndefined, z.enum(['approved', 'rejected']).default('approved')),
});

/** Text stays as given: on modify an empty optional field clears it. */
const text = (max: number) => z.string().max(max).optional();
const stringArray = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    if (v.trim() === '') return [];
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return [v];
    }
  },
  z.array(z.string().max(CHARACTER_LIMITS.firstMessage)).max(CHARACTER_LIMITS.alternateGreetings),
);

/**
 * The text fields of character/create and character/modify (multipart). Everything is optional
 * here: a card may fill what the form leaves empty, and the service then names what is missing.
 */
export const characterFormSchema = z.object({
  id: id.optional(),
  clone_from: id.optional(),
  name: text(CHARACTER_LIMITS.name),
  desc: text(CHARACTER_LIMITS.desc),
  personality: text(CHARACTER_LIMITS.personality),
  first_message: text(CHARACTER_LIMITS.firstMessage),
  alternate_greetings: stringArray.optional(),
  scenario: text(CHARACTER_LIMITS.scenario),
  /** How the character looks, for pictures (issue 22); blank: drawn from the description. */
  appearance: text(CHARACTER_LIMITS.appearance),
  /** true removes the reference picture (a new `reference` file replaces it). */
  remove_reference: z.preprocess(blankToUndefined, flag.optional()),
  example_dialogue: text(CHARACTER_LIMITS.exampleDialogue),
  system_prompt: text(CHARACTER_LIMITS.systemPrompt),
  post_history_instructions: text(CHARACTER_LIMITS.systemPrompt),
  creator_notes: text(CHARACTER_LIMITS.desc),
  chat_style: z.preprocess(blankToUndefined, z.enum(CHAT_STYLES).optional()),
  model: z.preprocess(blankToUndefined, z.enum(MODEL_PROFILE_IDS).optional()),
  category: z.preprocess(blankToUndefined, z.enum(CATEGORIES).optional()),
  gender: z.preprocess(blankToUndefined, z.enum(GENDERS).optional()),
  NSFW: z.preprocess(blankToUndefined, flag.optional()),
  visibility: z.preprocess(blankToUndefined, z.enum(VISIBILITIES).optional()),
  // An empty tag list clears the tags on modify.
  tag: z.string().max(1000).optional(),
  /**
   * The lorebook (JSON): it replaces the stored one and an imported card's; `null` removes it;
   * left out, the character keeps its book (or takes the card's).
   */
  character_book: z.preprocess(jsonField, lorebookSchema.nullable().optional()),
  /**
   * The character's voice (issue 22): a preset's id, or `clone:<id>` of one of the owner's
   * cloned voices (private characters only); blank clears it; left out, it stays.
   */
  voice_id: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string().max(64).refine(isCharacterVoiceId).nullable().optional(),
  ),
});
export type CharacterForm = z.infer<typeof characterFormSchema>;

/** A text every character needs: something besides spaces (checked first), then the limit. */
const requiredText = (max: number) =>
  z
    .string()
    .refine((v) => v.trim() !== '', { abort: true })
    .max(max);

/**
 * A complete character, as the create and edit form checks it before sending: the fields of
 * characterFormSchema with the three texts a character written in the form needs (name,
 * description, greeting: character_*_required; personality is optional, as in many real cards,
 * issue 21), and at most CHARACTER_LIMITS.tags tags (`tag`
 * as typed, comma-separated; the form sends them parsed, well under the call's 1000 characters).
 * The call itself stays lenient: a card may fill a blank, and extra tags are dropped.
 */
export const completeCharacterSchema = characterFormSchema.extend({
  name: requiredText(CHARACTER_LIMITS.name),
  desc: requiredText(CHARACTER_LIMITS.desc),
  first_message: requiredText(CHARACTER_LIMITS.firstMessage),
  tag: z.string().transform(parseTags).pipe(z.array(z.string()).max(CHARACTER_LIMITS.tags)),
});

/** A character as every list shows it (spec §3). */
export const characterSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** URL of the uploaded avatar. */
  head: z.string(),
  /** URL of the 402x402 list image (screens of 768 px or less). */
  listHead: z.string(),
  desc: z.string(),
  /** Comma-separated tags. */
  tag: z.string(),
  tags: z.array(z.string()),
  gender: z.enum(GENDERS),
  category: z.enum(CATEGORIES),
  NSFW: z.boolean(),
  /** The creator's name; 'for you' means hidden. */
  creator: z.string(),
  /** ms since the epoch. */
  create_time: z.number(),
  comment_num: z.number().int(),
  rating: z.number(),
  rating_count: z.number().int(),
  /** Adult and the caller has not enabled adult content: shown blurred, not openable. */
  need_enable_nsfw: z.boolean(),
  is_collected: z.boolean(),
  is_owner: z.boolean(),
  visibility: z.enum(VISIBILITIES),
  approval: z.enum(APPROVAL_STATES),
});
export type CharacterSummary = z.infer<typeof characterSummarySchema>;

/**
 * One version a character is based on, as it was when it was cloned (issue 21): its name and its
 * creator's then. `id` is there only while the caller may open that character (a link); a source
 * deleted, made private or adult for this viewer is credited without one.
 */
export const basedOnSchema = z.object({
  id: z.number().int().nullable(),
  name: z.string().max(LINEAGE_LIMITS.name),
  /** Empty when the creator's name was hidden. */
  creator: z.string().max(LINEAGE_LIMITS.creator),
});
export type BasedOn = z.infer<typeof basedOnSchema>;

/** character/get: everything the chat and the edit form need. */
export const characterDetailSchema = characterSummarySchema.extend({
  personality: z.string(),
  first_message: z.string(),
  alternate_greetings: z.array(z.string()),
  scenario: z.string(),
  example_dialogue: z.string(),
  system_prompt: z.string(),
  post_history_instructions: z.string(),
  creator_notes: z.string(),
  chat_style: z.enum(CHAT_STYLES),
  model: z.string(),
  my_rating: z.number().nullable(),
  cloned_from: z.number().int().nullable(),
  /** The versions it is based on, oldest first, the nearest last (empty for an original). */
  based_on: z.array(basedOnSchema).max(LINEAGE_LIMITS.entries),
  /** Its voice (a preset id or `clone:<id>`); null: it speaks in the default voice of its gender. */
  voice_id: z.string().nullable(),
  /** The appearance as written ('' when none was: `look` is then drawn from the description). */
  appearance: z.string(),
  /** The look its pictures are drawn from: `appearance`, else the description's sentences on looks. */
  look: z.string(),
  /** URL of the reference picture sent to engines that take one; null without one. */
  reference_image: z.string().nullable(),
});
export type CharacterDetail = z.infer<typeof characterDetailSchema>;

/** character/book: the lorebook the form edits (null: the character has none). */
export const characterBookSchema = z.object({ character_book: storedLorebookSchema.nullable() });
export type CharacterBookAnswer = z.infer<typeof characterBookSchema>;

/** collect/list rows: the liked character, kept after its creator deletes it. */
export const collectItemSchema = characterSummarySchema.extend({
  collect_id: z.number().int(),
  is_deleted: z.boolean(),
});
export type CollectItem = z.infer<typeof collectItemSchema>;

export const browseItemSchema = characterSummarySchema.extend({
  browse_id: z.number().int(),
  is_deleted: z.boolean(),
  /** ms since the epoch of the last visit. */
  last_time: z.number(),
});
export type BrowseItem = z.infer<typeof browseItemSchema>;

/** A page of characters (or of liked or visited ones). */
const characterPageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    characters: z.array(item),
    has_more: z.boolean(),
    is_admin: z.boolean(),
    /** Only on the New list and the admin lists. */
    total_count: z.number().int().optional(),
  });
export interface CharacterPage<T = CharacterSummary> {
  characters: T[];
  has_more: boolean;
  is_admin: boolean;
  /** Only on the New list and the admin lists. */
  total_count?: number | undefined;
}

export const ratingResultSchema = z.object({
  rating: z.number(),
  rating_count: z.number().int(),
  my_rating: z.number().int(),
});
export type RatingResult = z.infer<typeof ratingResultSchema>;

const deletedSchema = z.object({ deleted: z.number().int() });

/** The limits of a character form's files (spec §9). */
const characterFiles = {
  head: { maxBytes: CHARACTER_LIMITS.avatarBytes, kind: 'image' },
  card: { maxBytes: CHARACTER_LIMITS.cardBytes, kind: 'card' },
  /** The look's reference picture (issue 22), held to the avatar's limits. */
  reference: { maxBytes: CHARACTER_LIMITS.avatarBytes, kind: 'image' },
} as const;

/**
 * The text fields above the parser's usual size: the lorebook, twice its limit as JSON so that
 * the schema, not the parser, names a book over it (100001).
 */
const characterFieldBytes = { character_book: 2 * LOREBOOK_LIMITS.bytes } as const;

/** Characters: the lists, one character, create and edit, cards, likes, ratings and Recent Chats. */
export const CHARACTER_ENDPOINTS = {
  characterList: endpoint({
    ...API.characterList,
    summary: 'The home list: Hot, top rated, New and the chips',
    tag: 'characters',
    access: 'session',
    query: characterListQuerySchema,
    response: characterPageOf(characterSummarySchema),
  }),
  characterSearch: endpoint({
    ...API.characterSearch,
    summary: 'Search characters by name, description and tags',
    tag: 'characters',
    access: 'session',
    query: characterSearchQuerySchema,
    response: characterPageOf(characterSummarySchema),
  }),
  characterGet: endpoint({
    ...API.characterGet,
    summary: 'One character, with everything the chat and the edit form need',
    tag: 'characters',
    access: 'session',
    query: characterGetQuerySchema,
    response: characterDetailSchema,
  }),
  characterMine: endpoint({
    ...API.characterMine,
    summary: "The caller's own characters",
    tag: 'characters',
    access: 'session',
    query: pageQuerySchema,
    response: characterPageOf(characterSummarySchema),
  }),
  characterCreate: endpoint({
    ...API.characterCreate,
    summary: 'Create a character from the form, its avatar and an optional character card',
    tag: 'characters',
    access: 'session',
    body: characterFormSchema,
    upload: { files: characterFiles, fieldBytes: characterFieldBytes },
    response: characterDetailSchema,
  }),
  characterModify: endpoint({
    ...API.characterModify,
    summary: 'Edit one of your characters (empty optional fields clear them)',
    tag: 'characters',
    access: 'session',
    body: characterFormSchema,
    upload: { files: characterFiles, fieldBytes: characterFieldBytes },
    response: characterDetailSchema,
  }),
  characterDelete: endpoint({
    ...API.characterDelete,
    summary: 'Delete one of your characters',
    tag: 'characters',
    access: 'session',
    body: idQuerySchema,
    response: noData,
  }),
  characterRate: endpoint({
    ...API.characterRate,
    summary: 'Rate a character from 1 to 5 stars',
    tag: 'characters',
    access: 'session',
    body: ratingBodySchema,
    response: ratingResultSchema,
  }),
  characterCard: endpoint({
    ...API.characterCard,
    summary: 'Download a character as a character card (PNG, chara_card_v3 with v2)',
    tag: 'characters',
    access: 'session',
    query: idQuerySchema,
    answer: { type: 'image/png', description: 'The card: the avatar with the character in its tEXt chunks' },
    response: noData,
  }),
  characterBook: endpoint({
    ...API.characterBook,
    summary: "A character's lorebook, for the edit and clone form",
    tag: 'characters',
    access: 'session',
    query: idQuerySchema,
    response: characterBookSchema,
  }),
  characterApproveList: endpoint({
    ...API.characterApproveList,
    summary: 'Characters waiting for approval (admins)',
    tag: 'admin',
    access: 'admin',
    query: pageQuerySchema,
    response: characterPageOf(characterSummarySchema),
  }),
  collectAdd: endpoint({
    ...API.collectAdd,
    summary: 'Like a character',
    tag: 'characters',
    access: 'session',
    body: collectAddBodySchema,
    response: noData,
  }),
  collectDelete: endpoint({
    ...API.collectDelete,
    summary: 'Unlike characters, by like ids or by character',
    tag: 'characters',
    access: 'session',
    body: idsOrCharacterBodySchema,
    response: deletedSchema,
  }),
  collectList: endpoint({
    ...API.collectList,
    summary: 'The characters the caller liked',
    tag: 'characters',
    access: 'session',
    query: pageQuerySchema,
    response: characterPageOf(collectItemSchema),
  }),
  browseList: endpoint({
    ...API.browseList,
    summary: 'Recent Chats: the characters the caller chatted with, latest first',
    tag: 'characters',
    access: 'session',
    response: characterPageOf(browseItemSchema),
  }),
  browseDelete: endpoint({
    ...API.browseDelete,
    summary: 'Remove characters from Recent Chats, by row ids or by character',
    tag: 'characters',
    access: 'session',
    body: idsOrCharacterBodySchema,
    response: deletedSchema,
  }),
  adminCharacterAll: endpoint({
    ...API.adminCharacterAll,
    summary: 'Every character, filtered by approval and name (admins)',
    tag: 'admin',
    access: 'admin',
    body: adminListBodySchema,
    response: characterPageOf(characterSummarySchema),
  }),
  adminCharacterApprove: endpoint({
    ...API.adminCharacterApprove,
    summary: 'Approve or reject a character (admins)',
    tag: 'admin',
    access: 'admin',
    body: adminApproveBodySchema,
    response: characterSummarySchema,
  }),
};
