import * as API from '@lumi/contract/api-routes/images';
import type { ImageTool, SharedImage } from '@lumi/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

interface ExplorePage {
  images: SharedImage[];
  has_more: boolean;
}

/** GET /cgi-bin/explore?tool=&page=: shared pictures, newest first, 24 a page, for anyone. */
export function getExplore(
  tool: ImageTool | undefined,
  page: number,
  signal?: AbortSignal,
): Promise<ExplorePage> {
  return call(API.explore, { query: { tool, page }, silent: true, signal });
}

export function exploreQueryOptions(tool: ImageTool | undefined) {
  return infiniteQueryOptions({
    queryKey: ['images', 'explore', tool ?? 'all'] as const,
    queryFn: ({ pageParam, signal }) => getExplore(tool, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, _all, page) => (last.has_more ? page + 1 : undefined),
    staleTime: 30_000,
  });
}

export function useExplore(tool: ImageTool | undefined) {
  return useInfiniteQuery(exploreQueryOptions(tool));
}
