import type { CharacterPage } from '@lumi/contract';
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useHistoryEntry } from '@/lib/router';
import { readSession, removeSession, writeSession } from '@/lib/storage';

export type ListStatus = 'loading' | 'ready' | 'loadingMore' | 'error';

export interface PagedList<T> {
  items: T[];
  status: ListStatus;
  hasMore: boolean;
  total: number | undefined;
  loadMore: () => void;
  /** Drops the kept pages and loads page 1 again. */
  reload: () => void;
  /** Changes or removes items in place (an unlike, a delete) in the kept pages. */
  update: (fn: (items: T[]) => T[]) => void;
}

type Pages<T> = InfiniteData<CharacterPage<T>, number>;

/**
 * The query key of a paged list: `list` names it (`home:Hot:safe`, `likes`, ...) and `entry` is
 * the history entry it is shown in, so Back and Forward find the pages they left and any new
 * entry (a link, a tab, a chip) asks the server again.
 */
export const listQueryKey = (list: string, entry: string) => ['list', list, entry] as const;

/**
 * The pages of each list, with their entry, also go to session storage: Back into this app from
 * another site (a new document), or to a list whose query was dropped, finds them there. A fresh
 * load or a reload (the same entry, another document) asks the server again.
 */
const PREFIX = 'list:';
const thisDocument = Math.random().toString(36).slice(2, 10);
interface Saved<T> {
  entry: string;
  document: string;
  data: Pages<T>;
}
const reachedByBackForward = () =>
  (performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined)?.type ===
  'back_forward';
function readSaved<T>(list: string, entry: string): Pages<T> | undefined {
  let saved: Saved<T> | undefined;
  try {
    saved = JSON.parse(readSession(PREFIX + list) ?? 'null') as Saved<T> | undefined;
  } catch {
    return undefined;
  }
  if (saved?.entry !== entry) return undefined;
  return saved.document === thisDocument || reachedByBackForward() ? saved.data : undefined;
}
/** (Full or disabled storage: the list is simply not restored in a new document.) */
const save = <T>(list: string, entry: string, data: Pages<T>) =>
  writeSession(PREFIX + list, JSON.stringify({ entry, document: thisDocument, data } satisfies Saved<T>));

/** The infinite-scroll rules of spec §9: 50 px from the bottom, debounced by 100 ms. */
export const SCROLL_THRESHOLD_PX = 50;
export const SCROLL_DEBOUNCE_MS = 100;

/** The items of all pages, a character that moved between pages shown once. */
function flatten<T extends { id: number }>(data: Pages<T> | undefined): T[] {
  const seen = new Set<number>();
  return (data?.pages ?? [])
    .flatMap((page) => page.characters)
    .filter((c) => !seen.has(c.id) && seen.add(c.id));
}

/**
 * A paged character list (spec §4 "Lists"): initial load, loading more, has more, empty, no
 * more data — a TanStack infinite query. Its pages are kept (never refetched on their own) and
 * shown again on Back and Forward; any other way to the list starts from page 1. The scroll
 * position comes back with the history entry (`ScrollMemory`).
 */
export function usePagedList<T extends { id: number }>(
  key: string,
  fetchPage: (page: number, signal: AbortSignal) => Promise<CharacterPage<T>>,
  options: { infinite?: boolean } = {},
): PagedList<T> {
  const infinite = options.infinite ?? true;
  const queryClient = useQueryClient();
  const current = useHistoryEntry();
  // The entry the list was shown in: a later navigation that keeps the list (a dialog, a
  // replaced query) keeps its pages too ("adjusting state when a prop changes").
  const [shown, setShown] = useState({ key, entry: current });
  if (shown.key !== key) setShown({ key, entry: current });
  const entry = shown.key === key ? shown.entry : current;
  const queryKey = useMemo(() => listQueryKey(key, entry.key), [key, entry.key]);
  const query = useInfiniteQuery<CharacterPage<T>, Error, Pages<T>, typeof queryKey, number>({
    queryKey,
    queryFn: async ({ pageParam, signal }): Promise<CharacterPage<T>> => {
      const res = await fetchPage(pageParam, signal);
      writeSession('is_admin', String(res.is_admin));
      return res;
    },
    // Not in the cache: the saved pages of this entry, when it was reached by Back or Forward.
    initialData: () => (entry.type === 'pop' ? readSaved<T>(key, entry.key) : undefined),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, page) => (last.has_more ? page + 1 : undefined),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const { data, isError, isFetchingNextPage, hasNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (data) save(key, entry.key, data);
  }, [key, entry.key, data]);

  const items = useMemo(() => flatten(data), [data]);
  const status: ListStatus = isFetchingNextPage
    ? 'loadingMore'
    : isError
      ? 'error'
      : data
        ? 'ready'
        : 'loading';

  /** The next page; after a failed one ("retry") as well as when ready. */
  const loadMore = useCallback(() => {
    if (!data || isFetchingNextPage || !hasNextPage) return;
    void fetchNextPage();
  }, [data, isFetchingNextPage, hasNextPage, fetchNextPage]);

  // Load more while the list's end is in view: on scrolling near it (debounced), and after
  // layout when a short page on a tall screen leaves nothing to scroll. Not again by itself
  // after a failure.
  useEffect(() => {
    if (!infinite || status !== 'ready') return;
    const atEnd = () => {
      const distance = document.documentElement.scrollHeight - (window.scrollY + window.innerHeight);
      if (distance <= SCROLL_THRESHOLD_PX) loadMore();
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(atEnd, SCROLL_DEBOUNCE_MS);
    };
    const frame = requestAnimationFrame(atEnd);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
    };
  }, [infinite, status, loadMore]);

  const reload = useCallback(() => {
    removeSession(PREFIX + key);
    void queryClient.resetQueries({ queryKey, exact: true });
  }, [queryClient, queryKey, key]);

  const update = useCallback(
    (fn: (items: T[]) => T[]) => {
      queryClient.setQueryData<Pages<T>>(queryKey, (old) => {
        if (!old) return old;
        const next = new Map(fn(flatten(old)).map((c) => [c.id, c]));
        return {
          ...old,
          pages: old.pages.map((page) => ({
            ...page,
            characters: page.characters.flatMap((c) => next.get(c.id) ?? []),
          })),
        };
      });
    },
    [queryClient, queryKey],
  );

  return {
    items,
    status,
    hasMore: !data || hasNextPage,
    total: data?.pages.at(-1)?.total_count,
    loadMore,
    reload,
    update,
  };
}
