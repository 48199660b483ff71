/**
 * A card's lorebook (`character_book`, V2/V3 semantics as SillyTavern runs them): entries whose
 * keys appear in the last messages add their content to the prompt.
 *
 * - Keys are scanned in the last `scan_depth` messages (the book's, else 4). Case-insensitive
 *   unless the entry is `case_sensitive`; whole words when the entry's
 *   `extensions.match_whole_words` says so (never inside CJK text, which has no spaces);
 *   `use_regex` (V3) reads each key as a regular expression (`/body/flags` or the bare body).
 * - `selective` entries also test their `secondary_keys` with the logic of
 *   `extensions.selectiveLogic` (SillyTavern: 0 AND ANY, 1 NOT ALL, 2 NOT ANY, 3 AND ALL).
 * - `constant` entries are always in; `enabled: false` ones never.
 * - With `recursive_scanning`, what the activated entries say is scanned too (up to three passes;
 *   `extensions.exclude_recursion` keeps an entry from being found that way,
 *   `extensions.prevent_recursion` keeps its content from being scanned).
 * - Within the `token_budget` (the book's, else the caller's), constant entries go first, then
 *   higher `priority`, then higher `insertion_order`; what does not fit is left out whole.
 * - In the prompt the entries stand in `insertion_order` (lower first), `before_char` (the
 *   default, as SillyTavern's position 0) before the character's definition, `after_char` after.
 */

import { isRecord } from '@lumi/contract';

export interface LoreEntry {
  /** What a reply shows it remembered: the entry's name, comment or first key. */
  label: string;
  content: string;
  position: 'before_char' | 'after_char';
  insertionOrder: number;
}

export interface ActivatedLore {
  before: LoreEntry[];
  after: LoreEntry[];
}

export const DEFAULT_SCAN_DEPTH = 4;
const MAX_RECURSION_PASSES = 3;
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]/u;

type Rec = Record<string, unknown>;
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.trim() !== '') : [];
const num = (v: unknown, fallback: number): number =>
  typeof v === 'number' && Number.isFinite(v) ? v : fallback;

interface Entry {
  index: number;
  keys: string[];
  secondary: string[];
  selective: boolean;
  logic: number;
  caseSensitive: boolean;
  wholeWords: boolean;
  regex: boolean;
  constant: boolean;
  content: string;
  priority: number;
  order: number;
  position: 'before_char' | 'after_char';
  excludeRecursion: boolean;
  preventRecursion: boolean;
  label: string;
}

function readEntry(e: Rec, index: number): Entry | undefined {
  if (e.enabled === false || e.disable === true) return undefined;
  const content = typeof e.content === 'string' ? e.content.trim() : '';
  if (!content) return undefined;
  const ext = isRecord(e.extensions) ? e.extensions : {};
  const keys = strings(e.keys);
  const position =
    e.position === 'after_char' || (e.position === undefined && ext.position === 1)
      ? 'after_char'
      : 'before_char';
  const label =
    [e.name, e.comment].find((v): v is string => typeof v === 'string' && v.trim() !== '')?.trim() ??
    keys[0] ??
    `#${index + 1}`;
  return {
    index,
    keys,
    secondary: strings(e.secondary_keys),
    selective: e.selective === true,
    logic: num(ext.selectiveLogic, 0),
    caseSensitive: e.case_sensitive === true || ext.case_sensitive === true,
    wholeWords: ext.match_whole_words === true,
    regex: e.use_regex === true,
    constant: e.constant === true,
    content,
    priority: num(e.priority, 0),
    order: num(e.insertion_order, index),
    position,
    excludeRecursion: ext.exclude_recursion === true,
    preventRecursion: ext.prevent_recursion === true,
    label,
  };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The scanned text, and its lower case once for every case-insensitive key. */
interface Scan {
  text: string;
  lower: string;
}

/** Compiled patterns by source and flags, shared by every prompt (bounded: the oldest out). */
const patterns = new Map<string, RegExp | null>();
function pattern(source: string, flags: string): RegExp | null {
  const id = `${flags}/${source}`;
  let re = patterns.get(id);
  if (re === undefined) {
    try {
      re = new RegExp(source, flags);
    } catch {
      re = null;
    }
    patterns.set(id, re);
    if (patterns.size > 5000) patterns.delete(patterns.keys().next().value as string);
  }
  return re;
}

/** Whether a key is in the scanned text, as its entry says to look for it. */
function found(key: string, entry: Entry, scan: Scan): boolean {
  if (entry.regex) {
    const literal = /^\/(.+)\/([a-z]*)$/s.exec(key);
    const re = literal
      ? pattern(literal[1] ?? '', (literal[2] ?? '').replace(/[gy]/g, ''))
      : pattern(key, entry.caseSensitive ? 'u' : 'iu');
    return re?.test(scan.text) === true;
  }
  const needle = key.trim();
  if (entry.wholeWords && !CJK.test(needle)) {
    const re = pattern(
      `(?<![\\p{L}\\p{N}_])${escape(needle)}(?![\\p{L}\\p{N}_])`,
      entry.caseSensitive ? 'u' : 'iu',
    );
    return re?.test(scan.text) === true;
  }
  return entry.caseSensitive ? scan.text.includes(needle) : scan.lower.includes(needle.toLowerCase());
}

function fires(entry: Entry, scan: Scan): boolean {
  if (!entry.keys.some((k) => found(k, entry, scan))) return false;
  if (!entry.selective || entry.secondary.length === 0) return true;
  const hits = entry.secondary.filter((k) => found(k, entry, scan)).length;
  switch (entry.logic) {
    case 1: // NOT ALL
      return hits < entry.secondary.length;
    case 2: // NOT ANY
      return hits === 0;
    case 3: // AND ALL
      return hits === entry.secondary.length;
    default: // AND ANY
      return hits > 0;
  }
}

export interface LoreOptions {
  /** The messages to scan, oldest first (the new message last). */
  messages: string[];
  /** The budget when the book sets none. */
  defaultBudgetTokens: number;
  countTokens: (text: string) => number;
}

/** The entries of a card's book that the last messages call up, within its budget. */
export function activateLore(book: unknown, options: LoreOptions): ActivatedLore {
  const none: ActivatedLore = { before: [], after: [] };
  if (!isRecord(book) || !Array.isArray(book.entries)) return none;
  const entries = book.entries
    .map((e, i) => (isRecord(e) ? readEntry(e, i) : undefined))
    .filter((e): e is Entry => e !== undefined);
  if (entries.length === 0) return none;
  const depth = Math.max(0, Math.floor(num(book.scan_depth, DEFAULT_SCAN_DEPTH)));
  const budget = Math.max(0, num(book.token_budget, options.defaultBudgetTokens));
  const recursive = book.recursive_scanning === true;

  const active = new Set<Entry>(entries.filter((e) => e.constant));
  let text = depth > 0 ? options.messages.slice(-depth).join('\n') : '';
  for (let pass = 0; text && pass < (recursive ? MAX_RECURSION_PASSES : 1); pass += 1) {
    const scan = { text, lower: text.toLowerCase() };
    const called = entries.filter(
      (e) => !active.has(e) && !(pass > 0 && e.excludeRecursion) && fires(e, scan),
    );
    if (called.length === 0) break;
    for (const e of called) active.add(e);
    text = [text, ...called.filter((e) => !e.preventRecursion).map((e) => e.content)].join('\n');
  }

  const ranked = [...active].sort(
    (a, b) => Number(b.constant) - Number(a.constant) || b.priority - a.priority || b.order - a.order,
  );
  const kept: Entry[] = [];
  let left = budget;
  for (const e of ranked) {
    const cost = options.countTokens(e.content);
    if (cost > left) continue;
    left -= cost;
    kept.push(e);
  }
  kept.sort((a, b) => a.order - b.order || a.index - b.index);
  const out = (e: Entry): LoreEntry => ({
    label: e.label,
    content: e.content,
    position: e.position,
    insertionOrder: e.order,
  });
  return {
    before: kept.filter((e) => e.position === 'before_char').map(out),
    after: kept.filter((e) => e.position === 'after_char').map(out),
  };
}
