import * as API from '@lumi/contract/api-routes/session';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const creditsQueryKey = ['credits', 'remain'] as const;

/** GET /cgi-bin/auth/credit/remain once the session exists (`ready` resolves). */
export function creditsQueryOptions(ready: () => Promise<unknown>) {
  return queryOptions({
    queryKey: creditsQueryKey,
    queryFn: async () => {
      await ready();
      return call(API.creditRemain, { silent: true });
    },
  });
}

export function useCredits(ready: () => Promise<unknown>) {
  return useQuery(creditsQueryOptions(ready));
}
