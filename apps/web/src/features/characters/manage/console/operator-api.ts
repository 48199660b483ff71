import type { OperatorCreditsBody } from '@lumi/contract';
import * as API from '@lumi/contract/api-routes/operator';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '@/lib/api-client';
import { notify } from '@/lib/toast';

/**
 * The operator console's calls (issue 23) and their hooks, in one file: they are used by this
 * screen only and change together (docs/decisions.md 'Operator console').
 */
const ROOT = ['admin', 'operator'] as const;
export const operatorKeys = {
  root: ROOT,
  search: (q: string) => [...ROOT, 'users', q] as const,
  user: (id: string, page: number) => [...ROOT, 'user', id, page] as const,
  jobs: (state: JobQueueState) => [...ROOT, 'jobs', state] as const,
  engines: (probe: boolean) => [...ROOT, 'engines', probe] as const,
  log: [...ROOT, 'log'] as const,
};

export type JobQueueState = 'queued' | 'running' | 'failed';

const nextPage = (last: { has_more: boolean }, pages: unknown[]) =>
  last.has_more ? pages.length + 1 : undefined;

export function useUserSearch(q: string) {
  return useQuery({
    queryKey: operatorKeys.search(q),
    queryFn: () => call(API.operatorUsers, { query: { q }, silent: true }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useUserDetail(id: string | undefined, page: number) {
  return useQuery({
    queryKey: operatorKeys.user(id ?? '', page),
    queryFn: () => call(API.operatorUser, { query: { id: id!, ledger_page: page }, silent: true }),
    enabled: id !== undefined,
    placeholderData: keepPreviousData,
  });
}

export function useJobQueue(state: JobQueueState) {
  return useInfiniteQuery({
    queryKey: operatorKeys.jobs(state),
    queryFn: ({ pageParam }) =>
      call(API.operatorJobs, { query: { state, page: pageParam, page_size: 30 }, silent: true }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    refetchInterval: 10_000,
  });
}

export function useEngines(probe: boolean) {
  return useQuery({
    queryKey: operatorKeys.engines(probe),
    queryFn: () => call(API.operatorEngines, { query: { probe }, silent: true, timeoutMs: 15_000 }),
    refetchOnWindowFocus: false,
  });
}

export function useOperatorLog() {
  return useInfiniteQuery({
    queryKey: operatorKeys.log,
    queryFn: ({ pageParam }) =>
      call(API.operatorLog, { query: { page: pageParam, page_size: 30 }, silent: true }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

/** A console action: refused ones are toasted by the API client with the server's message. */
function useOperatorMutation<V>(fn: (v: V) => Promise<unknown>, done: (v: V) => string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (_data, v) => notify('success', done(v)),
    onSettled: () => client.invalidateQueries({ queryKey: ROOT }),
  });
}

export function useCreditsChange() {
  const { t } = useTranslation('console');
  return useOperatorMutation(
    (body: OperatorCreditsBody) => call(API.operatorCredits, { json: body }),
    (body) => t(body.action === 'grant' ? 'credits.granted' : 'credits.takenBack', { n: body.amount }),
  );
}

export function useRefund() {
  const { t } = useTranslation('console');
  return useOperatorMutation(
    (body: { order_id: string; reason: string }) => call(API.operatorRefund, { json: body }),
    () => t('orders.refunded'),
  );
}

export function useBan() {
  const { t } = useTranslation('console');
  return useOperatorMutation(
    (body: { user_id: string; banned: boolean; reason: string }) => call(API.operatorBan, { json: body }),
    (body) => t(body.banned ? 'ban.banned' : 'ban.unbanned'),
  );
}

export function useJobAction() {
  const { t } = useTranslation('console');
  return useOperatorMutation(
    (body: { job_id: string; action: 'retry' | 'cancel'; reason: string }) =>
      call(API.operatorJobAction, { json: body }),
    (body) => t(body.action === 'retry' ? 'jobs.retried' : 'jobs.cancelled'),
  );
}
