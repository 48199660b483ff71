import type { CharacterPage } from '@lumi/contract';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useHistoryEntry, type NavigationType } from '@/lib/router';

export type ListStatus = 'loading' | 'ready' | 'loadingMore' | 'error';

export interface PagedList<T> {
  items: T[];
  status: ListStatus;
  hasMore: boolean;
  total: number | undefined;
  loadMore: () => void;
  /** Drops the cache and loads page 1 again. */
  reload: () => void;
  /** Changes items in place (an unlike, a delete) and keeps the cache in step. */
  update: (fn: (items: T[]) => T[]) => void;
}

interface Cached<T> {
  page: number;
  characters: T[];
  hasMore: boolean;
  total?: number | undefined;
  scrollY: number;
}

const PREFIX = 'list:';
const readCache = <T>(key: string): Cached<T> | null => {
  try {
    const raw = window.sessionStorage.getItem(PREFIX + key);
    return raw ? (JSON.parse(raw) as Cached<T>) : null;
  } catch {
    return null;
  }
};
const writeCache = <T>(key: string, value: Cached<T>) => {
  try {
    window.sessionStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Full or disabled storage: the list simply is not restored.
  }
};
export const clearListCaches = () => {
  try {
    for (const key of Object.keys(window.sessionStorage)) {
      if (key.startsWith(PREFIX)) window.sessionStorage.removeItem(key);
    }
  } catch {
    // ignore
  }
};

/** Whether no list has mounted yet in this document (a fresh load or a reload). */
let firstMount = true;

/**
 * Cached lists come back only on back and forward navigation (spec §4: "restored on back
 * navigation"); opening a tab, a fresh load or a reload asks the server again.
 */
function mayRestore(navigationType: NavigationType): boolean {
  if (!firstMount) return navigationType === 'pop';
  const entry = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return entry?.type === 'back_forward';
}

interface ListState<T> {
  key: string;
  cached: Cached<T>;
  status: ListStatus;
}

function initialState<T>(key: string, restore: boolean): ListState<T> {
  const cached = restore ? readCache<T>(key) : null;
  if (cached) return { key, cached, status: 'ready' };
  return { key, cached: { page: 0, characters: [], hasMore: true, scrollY: 0 }, status: 'loading' };
}

/** The infinite-scroll rules of spec §9: 50 px from the bottom, debounced by 100 ms. */
export const SCROLL_THRESHOLD_PX = 50;
export const SCROLL_DEBOUNCE_MS = 100;

/**
 * A paged character list (spec §4 "Lists"): initial load, loading more, has more, empty, no
 * more data. Each list is cached in session storage (page, characters, hasMore and the scroll
 * position) and restored when the user comes back; a key change resets it.
 */
export function usePagedList<T extends { id: number }>(
  key: string,
  fetchPage: (page: number, signal: AbortSignal) => Promise<CharacterPage<T>>,
  options: { infinite?: boolean } = {},
): PagedList<T> {
  const infinite = options.infinite ?? true;
  const navigationType = useHistoryEntry().type;
  /** Until then scroll events come from restoring the position, not from the user. */
  const restoringUntil = useRef(0);
  const [state, setState] = useState<ListState<T>>(() => initialState(key, mayRestore(navigationType)));
  // A new key (a tab or a chip) resets the list during render, from its cache when the change
  // came from the history (React's "adjusting state when a prop changes").
  if (state.key !== key) setState(initialState(key, navigationType === 'pop'));
  const fetchRef = useRef(fetchPage);
  useLayoutEffect(() => {
    fetchRef.current = fetchPage;
  });
  const inFlight = useRef<AbortController | null>(null);

  const fetchInto = useCallback((k: string, page: number) => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    fetchRef
      .current(page, controller.signal)
      .then((res) => {
        if (controller.signal.aborted) return;
        setState((s) => {
          if (s.key !== k) return s;
          const seen = new Set(page === 1 ? [] : s.cached.characters.map((c) => c.id));
          const merged = [
            ...(page === 1 ? [] : s.cached.characters),
            ...res.characters.filter((c) => !seen.has(c.id)),
          ];
          const cached: Cached<T> = {
            page,
            characters: merged,
            hasMore: res.has_more,
            total: res.total_count,
            scrollY: s.cached.scrollY,
          };
          writeCache(k, cached);
          return { key: k, cached, status: 'ready' };
        });
        try {
          window.sessionStorage.setItem('is_admin', String(res.is_admin));
        } catch {
          // ignore
        }
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        setState((s) => (s.key === k ? { ...s, status: 'error' } : s));
      });
  }, []);

  // Page 1 of a list that was not restored; or the scroll position of one that was.
  const needsFirstPage = state.key === key && state.status === 'loading' && state.cached.page === 0;
  const restoredScroll = state.key === key && state.status === 'ready' ? state.cached.scrollY : 0;
  useEffect(() => {
    firstMount = false;
    if (needsFirstPage) fetchInto(key, 1);
    else if (restoredScroll > 0) {
      restoringUntil.current = Date.now() + 500;
      requestAnimationFrame(() => window.scrollTo(0, restoredScroll));
    }
    return () => inFlight.current?.abort();
    // Only on a key change: later scroll positions are not restored again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, needsFirstPage, fetchInto]);

  const { cached, status } = state;
  const loadMore = useCallback(() => {
    if (status !== 'ready' || !cached.hasMore) return;
    setState((s) => (s.key === key ? { ...s, status: 'loadingMore' } : s));
    fetchInto(key, cached.page + 1);
  }, [status, cached.hasMore, cached.page, key, fetchInto]);

  // Remember the scroll position for back navigation, and load more near the bottom.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (Date.now() < restoringUntil.current) return;
        const current = readCache<T>(key);
        if (current) writeCache(key, { ...current, scrollY: window.scrollY });
        if (!infinite) return;
        const distance = document.documentElement.scrollHeight - (window.scrollY + window.innerHeight);
        if (distance <= SCROLL_THRESHOLD_PX) loadMore();
      }, SCROLL_DEBOUNCE_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
    };
  }, [key, loadMore, infinite]);

  // A short first page on a tall screen leaves nothing to scroll: keep filling, after layout.
  useEffect(() => {
    if (!infinite || status !== 'ready' || !cached.hasMore || cached.page === 0) return;
    const frame = requestAnimationFrame(() => {
      if (Date.now() < restoringUntil.current) return;
      if (document.documentElement.scrollHeight <= window.innerHeight + SCROLL_THRESHOLD_PX) loadMore();
    });
    return () => cancelAnimationFrame(frame);
  }, [infinite, status, cached.hasMore, cached.page, loadMore]);

  const reload = useCallback(() => {
    try {
      window.sessionStorage.removeItem(PREFIX + key);
    } catch {
      // ignore
    }
    setState(initialState(key, false));
    fetchInto(key, 1);
  }, [key, fetchInto]);

  const update = useCallback(
    (fn: (items: T[]) => T[]) => {
      setState((s) => {
        const next = { ...s.cached, characters: fn(s.cached.characters) };
        writeCache(key, next);
        return { ...s, cached: next };
      });
    },
    [key],
  );

  return {
    items: cached.characters,
    status,
    hasMore: cached.hasMore,
    total: cached.total,
    loadMore,
    reload,
    update,
  };
}
