import {
  REPORT_TARGET_TYPES,
  type ModerationActionKind,
  type ReportQueueItem,
  type ReportTargetType,
} from '@lumi/contract';
import { useMutationState } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { confirmDialog } from '../../character-dialog-store';
import { isForbidden } from '../access';
import {
  reportActionKey,
  useReportAction,
  useReportQueue,
  useSafetyCounts,
  type ReportAction,
} from '../use-reports';
import { ManageRowSkeletons } from './manage-row';
import { ListFoot, LoadFailed, StatePanel } from './manage-states';
import { ReportRow } from './report-row';
import { SafetySummary } from './safety-summary';
import { isolate } from '@/lib/bidi';

const chip = (selected: boolean) =>
  cn(
    'h-9 shrink-0 rounded-full border px-3.5 text-sm font-semibold whitespace-nowrap transition-colors duration-150',
    selected ? 'border-transparent bg-fg text-bg' : 'border-line bg-surface-2 text-muted hover:text-fg',
  );

const keyOf = (item: { target_type: string; target_id: string }) => `${item.target_type}:${item.target_id}`;

/**
 * The Reports tab (issue 18): the safety figures, then the items people reported, with hide,
 * restore, delete, ban and dismiss; delete and ban ask first.
 */
export function ReportsPanel({ onForbidden }: { onForbidden: (error: unknown) => void }) {
  const { t } = useTranslation('manage');
  const [type, setType] = useState<ReportTargetType | undefined>(undefined);
  const [sort, setSort] = useState<'reports' | 'newest'>('reports');
  const queue = useReportQueue(type, sort, true);
  const counts = useSafetyCounts(true);
  const act = useReportAction((error) => {
    if (isForbidden(error)) onForbidden(error);
  });
  const busy = useMutationState({
    filters: { mutationKey: reportActionKey, status: 'pending' },
    select: (m) => {
      const item = (m.state.variables as ReportAction | undefined)?.item;
      return item ? keyOf(item) : undefined;
    },
  });
  const refused = queue.error;
  useEffect(() => {
    if (isForbidden(refused)) onForbidden(refused);
  }, [refused, onForbidden]);

  const onAction = async (item: ReportQueueItem, action: ModerationActionKind, note: string) => {
    if (action === 'delete' || action === 'ban') {
      const name = action === 'ban' ? item.item.creator?.name : item.item.title;
      const yes = await confirmDialog({
        title: name
          ? t(`reports.confirm.${action}.titleNamed`, { name: isolate(name) })
          : t(`reports.confirm.${action}.title`),
        body: t(`reports.confirm.${action}.body`),
        confirm: t(`reports.confirm.${action}.confirm`),
        danger: true,
      });
      if (!yes) return;
    }
    act.mutate({ item, action, note });
  };

  const items = queue.data?.pages.flatMap((p) => p.items) ?? [];
  const total = queue.data?.pages[0]?.total_count;

  return (
    <div data-testid="reports-panel">
      {counts.data && <SafetySummary counts={counts.data} />}

      <div className="mb-4 flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <div
          className="-mx-4 flex gap-2 overflow-x-auto px-4 md:mx-0 md:px-0"
          role="group"
          aria-label={t('reports.filterLabel')}
        >
          {[undefined, ...REPORT_TARGET_TYPES].map((value) => (
            <button
              key={value ?? 'any'}
              type="button"
              aria-pressed={type === value}
              onClick={() => setType(value)}
              className={chip(type === value)}
            >
              {value ? t(`reports.typesPlural.${value}`) : t('filter.any')}
            </button>
          ))}
        </div>
        <div className="flex gap-2" role="group" aria-label={t('reports.sortLabel')}>
          {(['reports', 'newest'] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={sort === value}
              onClick={() => setSort(value)}
              className={chip(sort === value)}
            >
              {t(`reports.sort.${value}`)}
            </button>
          ))}
        </div>
      </div>

      {queue.isPending ? (
        <ManageRowSkeletons count={3} testId="reports-skeleton" />
      ) : queue.isError ? (
        <LoadFailed onRetry={() => void queue.refetch()} />
      ) : items.length === 0 ? (
        <StatePanel
          testId="reports-empty"
          icon={<CheckCircle2 className="text-success h-12 w-12" aria-hidden />}
          title={t('reports.emptyTitle')}
          body={t('reports.emptyBody')}
        />
      ) : (
        <>
          {total !== undefined && (
            <p className="text-muted mb-3 text-sm" role="status">
              {t('reports.total', { count: total })}
            </p>
          )}
          <ul className="flex flex-col gap-3">
            {items.map((item) => (
              <ReportRow
                key={keyOf(item)}
                item={item}
                busy={busy.includes(keyOf(item))}
                onAction={(i, a, n) => void onAction(i, a, n)}
              />
            ))}
          </ul>
          <ListFoot query={queue} />
        </>
      )}
    </div>
  );
}
