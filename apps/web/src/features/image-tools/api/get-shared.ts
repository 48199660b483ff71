import { type SharedImage } from '@lumi/contract';
import * as API from '@lumi/contract/api-routes/images';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** GET /cgi-bin/share/:shareId: a shared picture, for anyone (100004 when there is none). */
export function getShared(shareId: string, signal?: AbortSignal): Promise<SharedImage> {
  return call(API.imageShared, { params: { id: shareId }, silent: true, signal });
}

export function sharedQueryOptions(shareId: string) {
  return queryOptions({
    queryKey: ['images', 'shared', shareId] as const,
    queryFn: ({ signal }) => getShared(shareId, signal),
    retry: false,
    staleTime: 60_000,
  });
}

export function useShared(shareId: string) {
  return useQuery(sharedQueryOptions(shareId));
}
