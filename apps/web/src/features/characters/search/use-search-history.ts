import { useCallback, useMemo, useSyncExternalStore } from 'react';
import {
  SEARCH_HISTORY_KEY,
  addToHistory,
  readHistory,
  removeFromHistory,
  writeHistory,
} from './search-history';

let cache: string[] | undefined;
const listeners = new Set<() => void>();

const snapshot = () => (cache ??= readHistory());
const EMPTY: string[] = [];
const serverSnapshot = () => EMPTY;

function update(next: string[]): void {
  cache = next;
  writeHistory(next);
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent): void {
  if (event.key !== SEARCH_HISTORY_KEY && event.key !== null) return;
  cache = undefined;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    // Re-read on first use: logout may have cleared storage while no page was listening.
    cache = undefined;
    window.addEventListener('storage', onStorage);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** The recent searches of spec §2, shared by every component and kept in localStorage. */
export function useSearchHistory() {
  const history = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  const add = useCallback((query: string) => update(addToHistory(snapshot(), query)), []);
  const remove = useCallback((query: string) => update(removeFromHistory(snapshot(), query)), []);
  const clear = useCallback(() => update([]), []);
  return useMemo(() => ({ history, add, remove, clear }), [history, add, remove, clear]);
}
