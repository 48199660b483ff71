import type { ModerationActionKind, ReportQueueItem, ReportTargetType } from '@lumi/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/toast';
import { actOnReport, listReports, moderationLog, safetyCounts } from './api/reports';

const ROOT = ['admin', 'reports'] as const;
export const reportKeys = {
  root: ROOT,
  queue: (type: ReportTargetType | undefined, sort: 'reports' | 'newest') =>
    [...ROOT, 'queue', type ?? 'any', sort] as const,
  log: [...ROOT, 'log'] as const,
  counts: [...ROOT, 'counts'] as const,
};

const nextPage = (last: { has_more: boolean }, pages: unknown[]) =>
  last.has_more ? pages.length + 1 : undefined;

/** The report queue (issue 18): items with open reports, most reported or newest first. */
export function useReportQueue(
  type: ReportTargetType | undefined,
  sort: 'reports' | 'newest',
  enabled: boolean,
) {
  return useInfiniteQuery({
    queryKey: reportKeys.queue(type, sort),
    queryFn: ({ pageParam }) => listReports({ page: pageParam, sort, target_type: type }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    refetchOnWindowFocus: false,
    enabled,
  });
}

/** The audit log: who did what to which item. */
export function useModerationLog(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: reportKeys.log,
    queryFn: ({ pageParam }) => moderationLog(pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    refetchOnWindowFocus: false,
    enabled,
  });
}

export function useSafetyCounts(enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.counts,
    queryFn: safetyCounts,
    enabled,
    refetchOnWindowFocus: false,
  });
}

export interface ReportAction {
  item: ReportQueueItem;
  action: ModerationActionKind;
  note: string;
}

export const reportActionKey = [...ROOT, 'act'] as const;

/**
 * Acts on a reported item, then reloads the queue, the log and the counts: an action changes
 * all three. A refusal was toasted by the API client; `onForbidden` learns of a blocked host.
 */
export function useReportAction(onForbidden: (error: unknown) => void) {
  const { t } = useTranslation('manage');
  const client = useQueryClient();
  return useMutation({
    mutationKey: reportActionKey,
    mutationFn: ({ item, action, note }: ReportAction) =>
      actOnReport({ target_type: item.target_type, target_id: item.target_id, action, note }),
    onError: (error) => onForbidden(error),
    onSuccess: (_data, { action }) => notify('success', t(`reports.toast.${action}`)),
    onSettled: () => client.invalidateQueries({ queryKey: ROOT }),
  });
}
