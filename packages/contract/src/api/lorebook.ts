import { z } from 'zod';
import { LOREBOOK_LIMITS as L } from '../characters';

/*
 * A character's lorebook (`character_book`, the V2/V3 card's book as SillyTavern writes it), as
 * the create and edit form sends it and as it is stored (issue 21). Every key the form does not
 * edit (ids, `extensions`, a tool's own fields) rides along: the objects are loose.
 */

/** Where an entry stands in the prompt: before or after the character's definition. */
export const LORE_POSITIONS = ['before_char', 'after_char'] as const;
export type LorePosition = (typeof LORE_POSITIONS)[number];

/**
 * SillyTavern's `extensions.selectiveLogic`: how secondary keys combine with the keys (0 AND ANY,
 * 1 NOT ALL, 2 NOT ANY, 3 AND ALL; apps/server/src/modules/chat/lorebook.ts).
 */
export const LORE_LOGIC = ['and_any', 'not_all', 'not_any', 'and_all'] as const;
export type LoreLogic = (typeof LORE_LOGIC)[number];

const keyList = z.array(z.string().max(L.keyLength)).max(L.keys);
const title = z.string().max(L.title).nullable().optional();
/** SillyTavern writes null for "as the global setting says". */
const maybe = z.boolean().nullable().optional();
const extensions = z.record(z.string(), z.unknown()).optional();

/** The size of a value as JSON in UTF-8, the way it is sent and stored. */
export const jsonBytes = (value: unknown): number => new TextEncoder().encode(JSON.stringify(value)).length;

/** The whole book within LOREBOOK_LIMITS.bytes (the fields carried along count too). */
const withinBytes = (book: unknown, ctx: z.RefinementCtx) => {
  if (jsonBytes(book) > L.bytes)
    ctx.addIssue({ code: 'too_big', origin: 'string', maximum: L.bytes, inclusive: true, input: book });
};

/** One entry as the form edits it: the fields it edits typed and bounded, the rest as they came. */
export const lorebookEntrySchema = z.looseObject({
  keys: keyList,
  secondary_keys: keyList.optional(),
  content: z.string().max(L.content),
  enabled: z.boolean().optional(),
  insertion_order: z.number().min(-L.order).max(L.order).optional(),
  name: title,
  comment: title,
  constant: maybe,
  selective: maybe,
  case_sensitive: maybe,
  position: z.enum(LORE_POSITIONS).optional(),
  extensions,
});
export type LorebookEntry = z.infer<typeof lorebookEntrySchema>;

/** A lorebook as the form sends it (character/create and character/modify, `character_book`). */
export const lorebookSchema = z
  .looseObject({
    entries: z.array(lorebookEntrySchema).max(L.entries),
    scan_depth: z.number().int().min(0).max(L.scanDepth).nullable().optional(),
    token_budget: z.number().int().min(0).max(L.tokenBudget).nullable().optional(),
    recursive_scanning: maybe,
    extensions,
  })
  .superRefine(withinBytes);
export type Lorebook = z.infer<typeof lorebookSchema>;

/** Drops what is not a list of strings: a card's odd value is not the limits' business. */
const stringsOnly = (v: unknown) => (Array.isArray(v) ? v.filter((x) => typeof x === 'string') : undefined);
const stringOnly = (v: unknown) => (typeof v === 'string' ? v : undefined);

/**
 * The limits alone (entries, keys, lengths, bytes), for a book that comes in a card file: the card
 * is kept as its tool wrote it, so only what the limits bound is checked.
 */
export const lorebookLimitsSchema = z
  .looseObject({
    entries: z
      .array(
        z.looseObject({
          keys: z.preprocess(stringsOnly, keyList.optional()),
          secondary_keys: z.preprocess(stringsOnly, keyList.optional()),
          content: z.preprocess(stringOnly, z.string().max(L.content).optional()),
          name: z.preprocess(stringOnly, title),
          comment: z.preprocess(stringOnly, title),
        }),
      )
      .max(L.entries),
  })
  .superRefine(withinBytes);

/**
 * A stored book as character/book answers it: whatever the form or a card left (a card's book is
 * kept as its tool wrote it; the parser made sure of an array of entry objects).
 */
export const storedLorebookSchema = z.looseObject({
  entries: z.array(z.record(z.string(), z.unknown())),
});
export type StoredLorebook = z.infer<typeof storedLorebookSchema>;

/** A JSON text field of a form (multipart): parsed; blank means "not given". */
export const jsonField = (v: unknown): unknown => {
  if (typeof v !== 'string') return v;
  if (v.trim() === '') return undefined;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
};
