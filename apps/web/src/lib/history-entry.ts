/**
 * What react-router's history gave the app and wouter leaves out: every history entry has a key,
 * kept in `history.state` so that it outlives a reload and comes back with Back and Forward, and
 * the last navigation has a type. `ScrollMemory` keeps scroll positions by key; the paged lists
 * come back from their cache only after a 'pop' (Back, Forward).
 */
export type NavigationType = 'push' | 'replace' | 'pop';

export interface HistoryEntry {
  readonly key: string;
  /** How the page got to this entry; the first entry of a load counts as 'pop', as in react-router. */
  readonly type: NavigationType;
}

export interface NavigateOptions {
  replace?: boolean;
}

const listeners = new Set<() => void>();
let entry: HistoryEntry | undefined;
let tracking = false;

const newKey = () => Math.random().toString(36).slice(2, 10);

const stateObject = (state: unknown): Record<string, unknown> =>
  typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};

/** The shown entry's key; an entry without one (a tab's first page, an #anchor) is given one. */
function keyOfShown(): string {
  const state = stateObject(window.history.state);
  if (typeof state.key === 'string' && state.key) return state.key;
  const key = newKey();
  window.history.replaceState({ ...state, key }, '');
  return key;
}

function settle(next: HistoryEntry): void {
  entry = next;
  for (const listener of [...listeners]) listener();
}

const onPop = () => settle({ key: keyOfShown(), type: 'pop' });

/** From the first read on, Back and Forward are followed for the page's life. */
function track(): void {
  if (tracking) return;
  tracking = true;
  window.addEventListener('popstate', onPop);
}

/** The entry shown now and how the page got there. */
export function currentEntry(): HistoryEntry {
  track();
  entry ??= { key: keyOfShown(), type: 'pop' };
  return entry;
}

/** Goes to `to` in a new entry (or in place of this one with `replace`), with a fresh key. */
export function navigate(to: string, { replace = false }: NavigateOptions = {}): void {
  track();
  const key = newKey();
  if (replace) window.history.replaceState({ key }, '', to);
  else window.history.pushState({ key }, '', to);
  settle({ key, type: replace ? 'replace' : 'push' });
}

/** Calls `listener` after every navigation: `navigate`, Back and Forward. */
export function subscribe(listener: () => void): () => void {
  track();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
