import * as API from '@lumi/contract/api-routes/payments';
import type { Order } from '@lumi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const orderQueryKey = (id: string) => ['pay', 'order', id] as const;

/** GET /cgi-bin/auth/pay/order?id=: one of the caller's orders. */
export function getOrder(id: string, signal?: AbortSignal): Promise<Order> {
  return call(API.payOrder, { query: { id }, silent: true, signal });
}

export interface OrderPolling {
  /** Ask again this often while the order is pending. */
  intervalMs: number;
  /** Stop asking after this moment (ms since the epoch). */
  until: number;
}

export function orderQueryOptions(id: string, polling?: OrderPolling) {
  return queryOptions({
    queryKey: orderQueryKey(id),
    queryFn: ({ signal }) => getOrder(id, signal),
    staleTime: 0,
    refetchInterval: (query) =>
      polling && query.state.data?.status !== 'paid' && query.state.data?.status !== 'canceled'
        ? Date.now() < polling.until
          ? polling.intervalMs
          : false
        : false,
    // Keep asking in a background tab: the payment may be confirmed meanwhile.
    refetchIntervalInBackground: true,
  });
}

export function useOrder(id: string, polling?: OrderPolling) {
  return useQuery(orderQueryOptions(id, polling));
}
