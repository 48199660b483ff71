import {
  LOREBOOK_LIMITS,
  LORE_LOGIC,
  isRecord,
  lorebookEntrySchema,
  lorebookSchema,
  type LoreLogic,
  type LorePosition,
  type Lorebook,
  type LorebookEntry,
} from '@lumi/contract';

/*
 * The lorebook step's model (issue 21). The form holds the book as it is sent and stored (the
 * card's `character_book`), so every key the step has no field for (ids, extensions, a tool's
 * own fields) goes back as it came; the step reads each entry as the chat does
 * (apps/server/src/modules/chat/lorebook.ts) and writes only what the user changed.
 */

/** An entry as the step shows it and edits it. */
export interface EntryView {
  title: string;
  keys: string[];
  secondaryKeys: string[];
  logic: LoreLogic;
  content: string;
  enabled: boolean;
  constant: boolean;
  caseSensitive: boolean;
  wholeWords: boolean;
  position: LorePosition;
  order: number;
}

/** The book's own settings as the step shows them; null: the chat's default. */
export interface BookSettings {
  scanDepth: number | null;
  tokenBudget: number | null;
  recursive: boolean;
}

type Raw = Record<string, unknown>;
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
const extensionsOf = (e: Raw): Raw => (isRecord(e.extensions) ? e.extensions : {});
const hasText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/** An entry as the chat reads it (lorebook.ts). */
export function viewOf(entry: LorebookEntry, index: number): EntryView {
  const ext = extensionsOf(entry);
  const logic = typeof ext.selectiveLogic === 'number' ? LORE_LOGIC[ext.selectiveLogic] : undefined;
  return {
    title: hasText(entry.name) ? entry.name : hasText(entry.comment) ? entry.comment : '',
    keys: strings(entry.keys),
    secondaryKeys: entry.selective === true ? strings(entry.secondary_keys) : [],
    logic: logic ?? 'and_any',
    content: entry.content,
    enabled: entry.enabled !== false && entry.disable !== true,
    constant: entry.constant === true,
    caseSensitive: entry.case_sensitive === true || ext.case_sensitive === true,
    wholeWords: ext.match_whole_words === true,
    position:
      entry.position === 'after_char' || (entry.position === undefined && ext.position === 1)
        ? 'after_char'
        : 'before_char',
    order: typeof entry.insertion_order === 'number' ? entry.insertion_order : index,
  };
}

/**
 * The entry with these changes: each written where the chat reads it and where SillyTavern will
 * read it back (the title in `comment`, or in `name` when the entry is named there; case and
 * position also in `extensions` when the card keeps them there); nothing else is touched.
 */
export function withChanges(entry: LorebookEntry, patch: Partial<EntryView>): LorebookEntry {
  const out: LorebookEntry = { ...entry };
  const ext: Raw = { ...extensionsOf(entry) };
  let extChanged = false;
  const setExt = (key: string, value: unknown) => {
    ext[key] = value;
    extChanged = true;
  };
  if (patch.title !== undefined) {
    if (hasText(entry.name)) {
      if (entry.comment === entry.name) out.comment = patch.title;
      out.name = patch.title;
    } else out.comment = patch.title;
  }
  if (patch.keys !== undefined) out.keys = patch.keys;
  if (patch.secondaryKeys !== undefined) {
    out.secondary_keys = patch.secondaryKeys;
    out.selective = patch.secondaryKeys.length > 0;
  }
  if (patch.logic !== undefined) setExt('selectiveLogic', LORE_LOGIC.indexOf(patch.logic));
  if (patch.content !== undefined) out.content = patch.content;
  if (patch.enabled !== undefined) {
    out.enabled = patch.enabled;
    if ('disable' in entry) out.disable = !patch.enabled;
  }
  if (patch.constant !== undefined) out.constant = patch.constant;
  if (patch.caseSensitive !== undefined) {
    out.case_sensitive = patch.caseSensitive;
    if (extensionsOf(entry).case_sensitive !== undefined) setExt('case_sensitive', patch.caseSensitive);
  }
  if (patch.wholeWords !== undefined) setExt('match_whole_words', patch.wholeWords);
  if (patch.position !== undefined) {
    out.position = patch.position;
    if (typeof extensionsOf(entry).position === 'number')
      setExt('position', patch.position === 'after_char' ? 1 : 0);
  }
  if (patch.order !== undefined) out.insertion_order = patch.order;
  if (extChanged) out.extensions = ext;
  return out;
}

/** A new entry: on, before the character, after the others in the prompt. */
export function newEntry(book: Lorebook | null): LorebookEntry {
  const orders = (book?.entries ?? []).map((e, i) => viewOf(e, i).order);
  return {
    keys: [],
    content: '',
    comment: '',
    enabled: true,
    constant: false,
    selective: false,
    insertion_order: orders.length > 0 ? Math.min(Math.max(...orders) + 1, LOREBOOK_LIMITS.order) : 100,
    position: 'before_char',
    extensions: {},
  };
}

export function settingsOf(book: Lorebook | null): BookSettings {
  return {
    scanDepth: typeof book?.scan_depth === 'number' ? book.scan_depth : null,
    tokenBudget: typeof book?.token_budget === 'number' ? book.token_budget : null,
    recursive: book?.recursive_scanning === true,
  };
}

/** The book with these settings; null removes a setting (the chat's default). */
export function withSettings(book: Lorebook, patch: Partial<BookSettings>): Lorebook {
  const out: Lorebook = { ...book };
  const set = (key: 'scan_depth' | 'token_budget', value: number | null | undefined) => {
    if (value === undefined) return;
    if (value === null) delete out[key];
    else out[key] = value;
  };
  set('scan_depth', patch.scanDepth);
  set('token_budget', patch.tokenBudget);
  if (patch.recursive !== undefined) out.recursive_scanning = patch.recursive;
  return out;
}

/** An empty book, for the first entry of a character that has none. */
export const emptyBook = (): Lorebook => ({ entries: [], extensions: {} });

const inRange = (v: unknown, min: number, max: number) =>
  typeof v === 'number' && Number.isFinite(v) ? Math.min(Math.max(Math.round(v), min), max) : undefined;

/**
 * A book from a card, the server or a draft, as the form holds it: what the step could not show
 * or send (a keyword that is not text, an odd position or switch) put as the chat reads it;
 * anything else as it came. The limits are not applied: the step shows what is over them.
 */
export function formBook(value: unknown): Lorebook | null {
  if (!isRecord(value) || !Array.isArray(value.entries)) return null;
  const entries = value.entries.filter(isRecord).map((raw, index): LorebookEntry => {
    const e: Raw = { ...raw };
    const base = { ...e, keys: strings(e.keys), content: typeof e.content === 'string' ? e.content : '' };
    const view = viewOf({ ...base, extensions: extensionsOf(e) }, index);
    e.keys = base.keys;
    e.content = base.content;
    if (e.extensions !== undefined && !isRecord(e.extensions)) e.extensions = {};
    if (e.secondary_keys !== undefined && !Array.isArray(e.secondary_keys)) delete e.secondary_keys;
    else if (e.secondary_keys !== undefined) e.secondary_keys = strings(e.secondary_keys);
    if (e.position !== undefined && e.position !== 'before_char' && e.position !== 'after_char')
      e.position = view.position;
    for (const key of ['name', 'comment'] as const)
      if (e[key] !== undefined && e[key] !== null && typeof e[key] !== 'string') delete e[key];
    if (e.enabled !== undefined && typeof e.enabled !== 'boolean') e.enabled = e.enabled !== false;
    for (const key of ['constant', 'selective', 'case_sensitive'] as const)
      if (e[key] !== undefined && e[key] !== null && typeof e[key] !== 'boolean') e[key] = e[key] === true;
    if (e.insertion_order !== undefined)
      e.insertion_order = inRange(e.insertion_order, -LOREBOOK_LIMITS.order, LOREBOOK_LIMITS.order) ?? index;
    return e as LorebookEntry;
  });
  const book: Raw = { ...value, entries };
  if (book.extensions !== undefined && !isRecord(book.extensions)) book.extensions = {};
  if (book.scan_depth !== undefined && book.scan_depth !== null) {
    const depth = inRange(book.scan_depth, 0, LOREBOOK_LIMITS.scanDepth);
    if (depth === undefined) delete book.scan_depth;
    else book.scan_depth = depth;
  }
  if (book.token_budget !== undefined && book.token_budget !== null) {
    const budget = inRange(book.token_budget, 0, LOREBOOK_LIMITS.tokenBudget);
    if (budget === undefined) delete book.token_budget;
    else book.token_budget = budget;
  }
  if (book.recursive_scanning !== undefined && book.recursive_scanning !== null)
    book.recursive_scanning = book.recursive_scanning === true;
  return book as Lorebook;
}

/** Nothing in it worth keeping: no entries and no settings or keys of its own. */
export function isBlankBook(book: Lorebook | null): boolean {
  if (!book) return true;
  if (book.entries.length > 0) return false;
  return Object.entries(book).every(
    ([key, value]) =>
      key === 'entries' || (key === 'extensions' && isRecord(value) && Object.keys(value).length === 0),
  );
}

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]/u;

/**
 * About how many tokens a text takes in the prompt (the server counts exactly, cl100k): four
 * characters of Latin text a token, two of other scripts, one per CJK character.
 */
export function estimateTokens(text: string): number {
  let latin = 0;
  let other = 0;
  let cjk = 0;
  for (const ch of text) {
    if (ch.charCodeAt(0) < 0x250) latin += 1;
    else if (CJK.test(ch)) cjk += 1;
    else other += 1;
  }
  return Math.ceil(latin / 4 + other / 2 + cjk);
}

/** A problem the step shows: under an entry's field, or on the book. */
export type LoreProblem =
  | { key: 'tooLong'; max: number }
  | { key: 'tooManyKeys'; max: number }
  | { key: 'tooManyEntries'; max: number }
  | { key: 'outOfRange'; min: number; max: number }
  | { key: 'bookTooLarge' };

export type EntryField = 'title' | 'keys' | 'secondaryKeys' | 'content' | 'order';
export type BookField = 'entries' | 'scanDepth' | 'tokenBudget' | 'size';

export interface LoreProblems {
  book: Partial<Record<BookField, LoreProblem>>;
  entries: Map<number, Partial<Record<EntryField, LoreProblem>>>;
}

const ENTRY_FIELDS: Record<string, EntryField> = {
  name: 'title',
  comment: 'title',
  keys: 'keys',
  secondary_keys: 'secondaryKeys',
  content: 'content',
  insertion_order: 'order',
};

/**
 * What the contract's schemas (the server's own check) find in the book, where the step shows it.
 * Each entry is checked on its own too: zod stops at a list over its length without looking in it.
 */
export function loreProblems(book: Lorebook | null): LoreProblems {
  const out: LoreProblems = { book: {}, entries: new Map() };
  if (!book) return out;
  const L = LOREBOOK_LIMITS;
  for (const issue of lorebookSchema.safeParse(book).error?.issues ?? []) {
    const [first, index] = issue.path;
    if (first === undefined) out.book.size = { key: 'bookTooLarge' };
    else if (first === 'entries' && index === undefined)
      out.book.entries = { key: 'tooManyEntries', max: L.entries };
    else if (first === 'scan_depth') out.book.scanDepth = { key: 'outOfRange', min: 0, max: L.scanDepth };
    else if (first === 'token_budget')
      out.book.tokenBudget = { key: 'outOfRange', min: 0, max: L.tokenBudget };
  }
  book.entries.forEach((entry, index) => {
    const issues = lorebookEntrySchema.safeParse(entry).error?.issues;
    if (!issues) return;
    const problems: Partial<Record<EntryField, LoreProblem>> = {};
    for (const issue of issues) {
      const [field, item] = issue.path;
      const where = typeof field === 'string' ? ENTRY_FIELDS[field] : undefined;
      if (!where || problems[where]) continue;
      if (where === 'keys' || where === 'secondaryKeys')
        problems[where] =
          item === undefined ? { key: 'tooManyKeys', max: L.keys } : { key: 'tooLong', max: L.keyLength };
      else if (where === 'content') problems[where] = { key: 'tooLong', max: L.content };
      else if (where === 'title') problems[where] = { key: 'tooLong', max: L.title };
      else problems[where] = { key: 'outOfRange', min: -L.order, max: L.order };
    }
    if (Object.keys(problems).length > 0) out.entries.set(index, problems);
  });
  return out;
}
