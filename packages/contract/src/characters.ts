/**
 * Character vocabulary shared by the server, the seed catalogue and every screen: genders,
 * categories, chat styles, model profiles, the home page's filter chips and the limits of the
 * create form. Zod-free so the home page can import it without the schema library.
 */

export const GENDERS = ['Female', 'Male'] as const;
export type Gender = (typeof GENDERS)[number];

/** Form categories (spec §3). Each one is also a tag, so the chips can filter on it. */
export const CATEGORIES = ['anime', 'realistic', 'girlfriend', 'boyfriend'] as const;
export type Category = (typeof CATEGORIES)[number];
export const CATEGORY_TAG: Record<Category, string> = {
  anime: 'Anime',
  realistic: 'Realistic',
  girlfriend: 'Girlfriend',
  boyfriend: 'Boyfriend',
};

export const CHAT_STYLES = ['story', 'dialogue'] as const;
export type ChatStyle = (typeof CHAT_STYLES)[number];

export const VISIBILITIES = ['public', 'private'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export const APPROVAL_STATES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

export interface ModelProfile {
  id: string;
  /** Display name (a product name, the same in every language). */
  name: string;
  chatStyle: ChatStyle;
  /** Adult profiles need enable_nsfw (decisions.md). */
  adult: boolean;
}

/** The chat model profiles of spec §3; every one costs COSTS.chatMessage per message. */
export const MODEL_PROFILES = [
  { id: 'nela-8b', name: 'Nela 8B', chatStyle: 'story', adult: false },
  { id: 'lula-12b', name: 'Lula 12B', chatStyle: 'story', adult: false },
  { id: 'genla-8b', name: 'Genla 8B', chatStyle: 'dialogue', adult: false },
  { id: 'roleplay-1', name: 'Roleplay 1.0', chatStyle: 'story', adult: true },
  { id: 'roleplay-2', name: 'Roleplay 2.0', chatStyle: 'story', adult: true },
  { id: 'dialogue-1', name: 'Dialogue 1.0', chatStyle: 'dialogue', adult: false },
  { id: 'girlfriend-1', name: 'Girlfriend 1.0', chatStyle: 'dialogue', adult: false },
] as const satisfies readonly ModelProfile[];
export type ModelProfileId = (typeof MODEL_PROFILES)[number]['id'];
export const MODEL_PROFILE_IDS = MODEL_PROFILES.map((p) => p.id) as [ModelProfileId, ...ModelProfileId[]];
export const DEFAULT_MODEL: ModelProfileId = 'nela-8b';

export function modelProfile(id: string): ModelProfile | undefined {
  return MODEL_PROFILES.find((p) => p.id === id);
}

/** Sorts of the home list: the New and Hot chips. */
export const LIST_SORTS = ['dailyRandom', 'rating', 'new'] as const;
export type ListSort = (typeof LIST_SORTS)[number];

export type ChipFilter =
  { kind: 'sort'; sort: ListSort } | { kind: 'gender'; gender: Gender } | { kind: 'tag'; tag: string };

export interface Chip {
  /** The value of the `charsType` query and the i18n key suffix. */
  id: string;
  filter: ChipFilter;
}

/**
 * The filter chips of spec §2 in their order. "Age Play" is not offered (decisions.md). The tag
 * chips filter on the tag of the same name.
 */
export const CHIPS: readonly Chip[] = [
  { id: 'New', filter: { kind: 'sort', sort: 'new' } },
  { id: 'Hot', filter: { kind: 'sort', sort: 'dailyRandom' } },
  { id: 'Female', filter: { kind: 'gender', gender: 'Female' } },
  { id: 'Male', filter: { kind: 'gender', gender: 'Male' } },
  ...[
    'Realistic',
    'Anime',
    'Girlfriend',
    'Boyfriend',
    'MalePOV',
    'Dominant',
    'FemalePOV',
    'LGBTQ+',
    'Romantic',
    'Drama',
    'Original Character',
    'Multiple Characters',
    'Submissive',
    'Size Difference',
    'Scenario',
    'MLM',
    'Gentle Dom',
    'Fantasy',
    'Corruption',
    'Friend',
    'Mature',
    'Wholesome',
    'Roommate',
  ].map((tag): Chip => ({ id: tag, filter: { kind: 'tag', tag } })),
];
export const DEFAULT_CHIP = 'Hot';

export function chipById(id: string | null | undefined): Chip {
  return CHIPS.find((c) => c.id === id) ?? (CHIPS.find((c) => c.id === DEFAULT_CHIP) as Chip);
}

/** The search page's popular tags (spec §2). */
export const POPULAR_TAGS = ['Girlfriend', 'Mafia', 'Goth', 'Anime'] as const;

export const CHARACTER_LIMITS = {
  pageSize: 20,
  maxPageSize: 50,
  name: 80,
  desc: 1000,
  personality: 4000,
  firstMessage: 4000,
  scenario: 4000,
  /** The look pictures of the character are drawn from (issue 22). */
  appearance: 1000,
  exampleDialogue: 8000,
  alternateGreetings: 10,
  systemPrompt: 8000,
  tags: 12,
  tagLength: 32,
  /** Avatar upload limits (issue 3): bytes and pixels. */
  avatarBytes: 10 * 1024 * 1024,
  avatarPixels: 40_000_000,
  /** The list image (spec §3): a 402x402 fitted variant. */
  listImageSize: 402,
  /** Card files may carry a character book and images; keep them bounded. */
  cardBytes: 20 * 1024 * 1024,
  searchQuery: 100,
  searchHistory: 10,
} as const;

/**
 * The limits of a character's lorebook (`character_book`, issue 21), however it comes (the form's
 * lorebook step, an imported card): the prompt scans every entry on every reply, so a book is
 * bounded in entries, in keys per entry and in text. `bytes` bounds the whole book as JSON
 * (UTF-8), the fields it carries along for other tools (extensions, ids) included.
 */
export const LOREBOOK_LIMITS = {
  entries: 500,
  /** Keys, and secondary keys, per entry. */
  keys: 50,
  keyLength: 200,
  content: 10_000,
  /** An entry's name or comment. */
  title: 500,
  /** Messages scanned for keys (SillyTavern's slider goes to 1000). */
  scanDepth: 1000,
  tokenBudget: 200_000,
  /** |insertion_order|. */
  order: 1_000_000,
  bytes: 2 * 1024 * 1024,
} as const;

/** The scan depth of a book that sets none (SillyTavern's default; the chat's lorebook.ts). */
export const LOREBOOK_DEFAULT_SCAN_DEPTH = 4;

/** Splits the spec's comma-separated `tag` string into clean, unique tags. */
export function parseTags(tag: string | readonly string[] | undefined | null): string[] {
  const parts = typeof tag === 'string' ? tag.split(',') : (tag ?? []);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of parts) {
    const t = raw.trim().replace(/\s+/g, ' ');
    if (!t || t.length > CHARACTER_LIMITS.tagLength) continue;
    const key = t.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(t);
  }
  return out;
}
