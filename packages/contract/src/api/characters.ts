import { z } from 'zod';
import {
  APPROVAL_STATES,
  CATEGORIES,
  CHARACTER_LIMITS,
  CHAT_STYLES,
  GENDERS,
  LIST_SORTS,
  MODEL_PROFILE_IDS,
  VISIBILITIES,
  type ApprovalState,
  type Category,
  type ChatStyle,
  type Gender,
  type Visibility,
} from '../characters';

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
});
export type CharacterForm = z.infer<typeof characterFormSchema>;

/** A character as every list shows it (spec §3). */
export interface CharacterSummary {
  id: number;
  name: string;
  /** URL of the uploaded avatar. */
  head: string;
  /** URL of the 402x402 list image (screens of 768 px or less). */
  listHead: string;
  desc: string;
  /** Comma-separated tags. */
  tag: string;
  tags: string[];
  gender: Gender;
  category: Category;
  NSFW: boolean;
  /** The creator's name; 'for you' means hidden. */
  creator: string;
  /** ms since the epoch. */
  create_time: number;
  comment_num: number;
  rating: number;
  rating_count: number;
  /** Adult and the caller has not enabled adult content: shown blurred, not openable. */
  need_enable_nsfw: boolean;
  is_collected: boolean;
  is_owner: boolean;
  visibility: Visibility;
  approval: ApprovalState;
}

/** character/get: everything the chat and the edit form need. */
export interface CharacterDetail extends CharacterSummary {
  personality: string;
  first_message: string;
  alternate_greetings: string[];
  scenario: string;
  example_dialogue: string;
  system_prompt: string;
  post_history_instructions: string;
  creator_notes: string;
  chat_style: ChatStyle;
  model: string;
  my_rating: number | null;
  cloned_from: number | null;
}

/** collect/list rows: the liked character, kept after its creator deletes it. */
export interface CollectItem extends CharacterSummary {
  collect_id: number;
  is_deleted: boolean;
}

export interface BrowseItem extends CharacterSummary {
  browse_id: number;
  is_deleted: boolean;
  /** ms since the epoch of the last visit. */
  last_time: number;
}

export interface CharacterPage<T = CharacterSummary> {
  characters: T[];
  has_more: boolean;
  is_admin: boolean;
  /** Only on the New list and the admin lists. */
  total_count?: number;
}

export interface RatingResult {
  rating: number;
  rating_count: number;
  my_rating: number;
}
