import type { Purchase, PurchaseHistory } from '@lumi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const historyQueryKey = ['pay', 'history'] as const;

/** GET /cgi-bin/auth/pay/history: paid orders and redeemed codes, newest first. */
export function getHistory(signal?: AbortSignal): Promise<Purchase[]> {
  return api<PurchaseHistory>('/auth/pay/history', {
    silent: true,
    ...(signal ? { signal } : {}),
  }).then((data) => data.purchases);
}

export function historyQueryOptions() {
  return queryOptions({ queryKey: historyQueryKey, queryFn: ({ signal }) => getHistory(signal) });
}

export function useHistory(enabled: boolean) {
  return useQuery({ ...historyQueryOptions(), enabled });
}
