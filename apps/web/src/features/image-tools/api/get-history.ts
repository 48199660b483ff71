import * as API from '@lumi/contract/api-routes/images';
import type { ImageHistoryItem, ImageTool } from '@lumi/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** The server answers this many at most; fewer means the end. */
const PAGE_SIZE = 20;

export const historyQueryKey = (tool: ImageTool) => ['images', 'history', tool] as const;

/** GET /cgi-bin/auth/aigc/image/history?tool=&before=: the caller's generations, newest first. */
export function getHistory(
  tool: ImageTool,
  before?: number,
  signal?: AbortSignal,
): Promise<ImageHistoryItem[]> {
  return call(API.imageHistory, { query: { tool, before }, silent: true, signal }).then((data) => data.items);
}

export function historyQueryOptions(tool: ImageTool) {
  return infiniteQueryOptions({
    queryKey: historyQueryKey(tool),
    queryFn: ({ pageParam, signal }) => getHistory(tool, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.length < PAGE_SIZE ? undefined : last.at(-1)?.created_at),
  });
}

export function useImageHistory(tool: ImageTool) {
  return useInfiniteQuery(historyQueryOptions(tool));
}
