import type { OperatorEngine } from '@lumi/contract';
import { Activity, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { LoadFailed } from '../components/manage-states';
import { ManageRowSkeletons } from '../components/manage-row';
import { utc } from './format';
import { useEngines } from './operator-api';

const STATUS_CLASS: Record<OperatorEngine['status'], string> = {
  ok: 'bg-emerald-500/15 text-emerald-300',
  degraded: 'bg-amber-500/15 text-amber-300',
  down: 'bg-red-500/15 text-red-300',
  idle: 'bg-surface-3 text-muted',
};

/** Each engine: what is configured, its jobs' last success and failure, and a live probe on demand. */
export function EnginesPanel() {
  const { t } = useTranslation('console');
  const [probe, setProbe] = useState(false);
  const engines = useEngines(probe);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-muted text-sm">{t('engines.intro')}</p>
        <Button
          variant="secondary"
          size="sm"
          disabled={engines.isFetching}
          onClick={() => (probe ? void engines.refetch() : setProbe(true))}
        >
          <RefreshCw
            className={cn('h-4 w-4', engines.isFetching && 'motion-safe:animate-spin')}
            aria-hidden
          />
          {t('engines.probe')}
        </Button>
      </div>
      {engines.isPending ? (
        <ManageRowSkeletons count={4} />
      ) : engines.isError ? (
        <LoadFailed onRetry={() => void engines.refetch()} />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" data-testid="operator-engines">
          {engines.data.engines.map((e) => (
            <li
              key={`${e.capability}-${e.engine}`}
              className="border-line bg-surface rounded-2xl border p-4 text-sm"
            >
              <div className="flex items-center justify-between gap-2">
                <h3 className="flex items-center gap-2 font-bold">
                  <Activity className="text-muted h-4 w-4" aria-hidden />
                  {t(`engines.capabilities.${e.capability}`, { defaultValue: e.capability })}
                </h3>
                <span
                  className={cn('rounded-full px-2 text-xs leading-5 font-semibold', STATUS_CLASS[e.status])}
                >
                  {t(`engines.status.${e.status}`)}
                </span>
              </div>
              <p className="text-muted mt-1 text-xs">
                <bdi className="font-mono" dir="ltr">
                  {e.engine}
                </bdi>
                {e.offline && ` · ${t('engines.offline')}`}
              </p>
              <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
                {e.failures_last_hour !== null && (
                  <>
                    <dt className="text-muted">{t('engines.lastSuccess')}</dt>
                    <dd dir="ltr" className="text-end sm:text-start">
                      {utc(e.last_success_at)}
                    </dd>
                    <dt className="text-muted">{t('engines.lastFailure')}</dt>
                    <dd dir="ltr" className="text-end sm:text-start">
                      {utc(e.last_failure_at)}
                      {e.last_error ? ` · ${e.last_error}` : ''}
                    </dd>
                    <dt className="text-muted">{t('engines.lastHour')}</dt>
                    <dd className="text-end sm:text-start">
                      {t('engines.hourCounts', {
                        ok: e.successes_last_hour ?? 0,
                        failed: e.failures_last_hour,
                      })}
                    </dd>
                  </>
                )}
                {e.probe && (
                  <>
                    <dt className="text-muted">{t('engines.probeResult')}</dt>
                    <dd className="text-end sm:text-start">
                      {e.probe.ok
                        ? t('engines.reachable', { ms: e.probe.ms })
                        : t('engines.unreachable', { error: e.probe.error ?? '' })}
                    </dd>
                  </>
                )}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
