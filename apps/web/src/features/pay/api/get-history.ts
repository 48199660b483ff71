import * as API from '@lumi/contract/api-routes/payments';
import type { Purchase } from '@lumi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const historyQueryKey = ['pay', 'history'] as const;

/** GET /cgi-bin/auth/pay/history: paid orders and redeemed codes, newest first. */
export function getHistory(signal?: AbortSignal): Promise<Purchase[]> {
  return call(API.payHistory, { silent: true, signal }).then((data) => data.purchases);
}

export function historyQueryOptions() {
  return queryOptions({ queryKey: historyQueryKey, queryFn: ({ signal }) => getHistory(signal) });
}

export function useHistory(enabled: boolean) {
  return useQuery({ ...historyQueryOptions(), enabled });
}
