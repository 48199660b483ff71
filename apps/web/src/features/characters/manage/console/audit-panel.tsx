import { ScrollText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ListFoot, LoadFailed, StatePanel } from '../components/manage-states';
import { ManageRowSkeletons } from '../components/manage-row';
import { utc } from './format';
import { useOperatorLog } from './operator-api';

/** The console's audit log: every action, who took it, on what, why, and what it changed. */
export function AuditPanel() {
  const { t } = useTranslation('console');
  const log = useOperatorLog();
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  if (log.isPending) return <ManageRowSkeletons count={3} />;
  if (log.isError) return <LoadFailed onRetry={() => void log.refetch()} />;
  if (entries.length === 0)
    return (
      <StatePanel
        icon={<ScrollText className="text-faint h-10 w-10" aria-hidden />}
        title={t('audit.emptyTitle')}
        body={t('audit.emptyBody')}
      />
    );
  return (
    <div>
      <ul className="flex flex-col gap-2" data-testid="operator-audit">
        {entries.map((e) => {
          const amount = typeof e.details.amount === 'number' ? e.details.amount : undefined;
          return (
            <li
              key={e.id}
              className="border-line bg-surface rounded-2xl border p-3 text-sm"
              data-testid="audit-entry"
            >
              <p className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-bold">{t(`audit.actions.${e.action}`)}</span>
                {amount !== undefined && (
                  <span className="tabular-nums">{t('audit.amount', { n: amount })}</span>
                )}
                <span className="text-muted">{t(`audit.targets.${e.target_type}`)}</span>
                <span className="text-faint font-mono text-xs break-all" dir="ltr">
                  {e.target_id}
                </span>
              </p>
              <p className="text-muted mt-0.5 text-xs">
                {t('audit.by', {
                  name: `\u2068${e.admin?.email ?? e.admin?.id.slice(0, 8) ?? t('audit.removed')}\u2069`,
                })}
                {' · '}
                <time dir="ltr">{utc(e.created_at)}</time>
              </p>
              <p dir="auto" className="text-fg/90 border-line mt-1.5 border-s-2 ps-2 leading-relaxed">
                {e.reason}
              </p>
            </li>
          );
        })}
      </ul>
      <ListFoot query={log} />
    </div>
  );
}
