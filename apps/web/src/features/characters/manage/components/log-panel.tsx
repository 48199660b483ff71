import type { ModerationLogEntry } from '@lumi/contract';
import { Bot, ScrollText } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isForbidden } from '../access';
import { useModerationLog } from '../use-reports';
import { ManageRowSkeletons } from './manage-row';
import { ListFoot, LoadFailed, StatePanel } from './manage-states';
import { actionIcon } from './report-row';

function Entry({ entry: e }: { entry: ModerationLogEntry }) {
  const { t } = useTranslation('manage');
  const when = new Date(e.created_at);
  return (
    <li className="border-line bg-surface flex gap-3 rounded-2xl border p-3 sm:p-4" data-testid="log-entry">
      <span className="bg-surface-2 text-muted grid h-9 w-9 shrink-0 place-items-center rounded-full">
        {actionIcon(e.action)}
      </span>
      <div className="min-w-0 flex-1 text-sm">
        <p className="flex flex-wrap items-baseline gap-x-1.5">
          <span className="font-bold">{t(`log.actions.${e.action}`)}</span>
          <span className="text-muted">{t(`reports.types.${e.target_type}`)}</span>
          <bdi className="min-w-0 truncate font-semibold">{e.target_label || `#${e.target_id}`}</bdi>
        </p>
        <p className="text-muted mt-0.5 flex flex-wrap items-center gap-x-1.5 text-xs">
          {e.actor ? (
            <span>{t('log.by', { name: `\u2068${e.actor.name || e.actor.id.slice(0, 8)}\u2069` })}</span>
          ) : (
            <span className="inline-flex items-center gap-1">
              <Bot className="h-3.5 w-3.5" aria-hidden />
              {t('log.automatic')}
            </span>
          )}
          <span className="text-faint" aria-hidden>
            ·
          </span>
          <time dateTime={when.toISOString()} className="tabular-nums" dir="ltr">
            {when.toISOString().slice(0, 16).replace('T', ' ')} UTC
          </time>
        </p>
        {e.note && (
          <p dir="auto" className="text-fg/90 border-line mt-1.5 border-s-2 ps-2 leading-relaxed">
            {e.note}
          </p>
        )}
      </div>
    </li>
  );
}

/** The Log tab (issue 18): every moderation action, who took it and why, newest first. */
export function LogPanel({ onForbidden }: { onForbidden: (error: unknown) => void }) {
  const { t } = useTranslation('manage');
  const log = useModerationLog(true);
  const refused = log.error;
  useEffect(() => {
    if (isForbidden(refused)) onForbidden(refused);
  }, [refused, onForbidden]);
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];

  if (log.isPending) return <ManageRowSkeletons count={3} />;
  if (log.isError) return <LoadFailed onRetry={() => void log.refetch()} />;
  if (entries.length === 0)
    return (
      <StatePanel
        testId="log-empty"
        icon={<ScrollText className="text-faint h-10 w-10" aria-hidden />}
        title={t('log.emptyTitle')}
        body={t('log.emptyBody')}
      />
    );
  return (
    <div data-testid="log-panel">
      <ul className="flex flex-col gap-2">
        {entries.map((entry) => (
          <Entry key={entry.id} entry={entry} />
        ))}
      </ul>
      <ListFoot query={log} />
    </div>
  );
}
