import { readJson, writeJson } from '@/lib/storage';

/** localStorage key of the recent searches (spec §3). */
export const SEARCH_HISTORY_KEY = 'searchHistory';
/** Spec §5: no duplicates, newest first, capped at 10. */
export const SEARCH_HISTORY_MAX = 10;

/** Spec §5: a query is trimmed; blank ones are never searched nor remembered. */
export function normalizeQuery(query: string): string {
  return query.trim();
}

const sameQuery = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

/**
 * The history after searching `query`: it moves to the front (a different casing of the same
 * query counts as the same search and takes the newest spelling), and the oldest fall off.
 */
export function addToHistory(history: readonly string[], query: string): string[] {
  const q = normalizeQuery(query);
  if (!q) return [...history];
  return [q, ...history.filter((item) => !sameQuery(item, q))].slice(0, SEARCH_HISTORY_MAX);
}

export function removeFromHistory(history: readonly string[], query: string): string[] {
  return history.filter((item) => item !== query);
}

/** Whatever is stored, read back as a valid history (older builds or hand edits may differ). */
export function sanitizeHistory(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  // Folding from the oldest keeps the newest of any duplicates at the front.
  return raw
    .filter((item): item is string => typeof item === 'string')
    .reverse()
    .reduce<string[]>((history, item) => addToHistory(history, item), []);
}

export function readHistory(): string[] {
  return sanitizeHistory(readJson<unknown>(SEARCH_HISTORY_KEY));
}

export function writeHistory(history: readonly string[]): void {
  writeJson(SEARCH_HISTORY_KEY, history);
}
