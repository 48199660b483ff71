import type { OperatorJob } from '@lumi/contract';
import { ListChecks, RotateCcw, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Tabs } from '@/components/ui/tabs';
import { ListFoot, LoadFailed, StatePanel } from '../components/manage-states';
import { ManageRowSkeletons } from '../components/manage-row';
import { age, utc } from './format';
import { useJobAction, useJobQueue, type JobQueueState } from './operator-api';
import type { ReasonRequest } from './reason-dialog';

const STATES = ['queued', 'running', 'failed'] as const;

/** The job queue: waiting, running and failed jobs; cancel (with the refund) or retry. */
export function JobsPanel({ ask }: { ask: (request: ReasonRequest) => void }) {
  const { t } = useTranslation('console');
  const [state, setState] = useState<JobQueueState>('queued');
  const queue = useJobQueue(state);
  const counts = queue.data?.pages[0]?.counts;
  const jobs = queue.data?.pages.flatMap((p) => p.jobs) ?? [];
  return (
    <div className="flex flex-col gap-4">
      <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <Tabs
          label={t('jobs.title')}
          idBase="operator-jobs"
          className="min-w-max"
          value={state}
          onChange={setState}
          items={STATES.map((s) => ({
            value: s,
            label: (
              <>
                {t(`jobs.states.${s}`)}
                {counts && <span className="ms-1.5 tabular-nums opacity-70">{counts[s]}</span>}
              </>
            ),
          }))}
        />
      </div>
      <div id={`operator-jobs-panel-${state}`} role="tabpanel" aria-labelledby={`operator-jobs-tab-${state}`}>
        {state === 'failed' && <p className="text-muted mb-3 text-xs">{t('jobs.failedHint')}</p>}
        {queue.isPending ? (
          <ManageRowSkeletons count={3} />
        ) : queue.isError ? (
          <LoadFailed onRetry={() => void queue.refetch()} />
        ) : jobs.length === 0 ? (
          <StatePanel
            icon={<ListChecks className="text-faint h-10 w-10" aria-hidden />}
            title={t(`jobs.empty.${state}`)}
            body={t('jobs.emptyBody')}
          />
        ) : (
          <>
            <ul className="flex flex-col gap-2" data-testid="operator-jobs">
              {jobs.map((job) => (
                <JobRow key={job.id} job={job} ask={ask} />
              ))}
            </ul>
            <ListFoot query={queue} />
          </>
        )}
      </div>
    </div>
  );
}

function JobRow({ job, ask }: { job: OperatorJob; ask: (request: ReasonRequest) => void }) {
  const { t, i18n } = useTranslation('console');
  const action = useJobAction();
  const open = job.state === 'queued' || job.state === 'running';
  return (
    <li className="border-line bg-surface flex flex-col gap-2 rounded-2xl border p-3 text-sm sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-semibold">{t(`jobs.kinds.${job.kind}`)}</span>
          <span className="text-muted">{t('jobs.cost', { n: job.cost })}</span>
          <span className="text-muted">{t('jobs.age', { age: age(job.age_seconds, i18n.language) })}</span>
          {job.attempts > 0 && <span className="text-muted">{t('jobs.attempts', { n: job.attempts })}</span>}
          {job.error && (
            <span className="rounded-full bg-red-500/15 px-2 text-xs leading-5 text-red-300" dir="ltr">
              {job.error}
            </span>
          )}
          {job.refunded && <span className="text-xs text-emerald-300">{t('jobs.refunded')}</span>}
        </p>
        <p className="text-faint mt-0.5 font-mono text-xs break-all" dir="ltr">
          {job.id} · {job.user_id.slice(0, 8)} · {utc(job.finished_at ?? job.started_at ?? job.created_at)}
          {job.worker ? ` · ${job.worker}` : ''}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        {open && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() =>
              ask({
                title: t('jobs.cancelTitle'),
                body: t('jobs.cancelBody', { n: job.cost }),
                confirm: t('jobs.cancel'),
                danger: true,
                onConfirm: (reason) => action.mutateAsync({ job_id: job.id, action: 'cancel', reason }),
              })
            }
          >
            <X className="h-4 w-4" aria-hidden />
            {t('jobs.cancel')}
          </Button>
        )}
        {job.state === 'failed' && job.kind !== 'faceswap' && (
          <Button
            variant="secondary"
            size="sm"
            className={cn(job.error === 'job_cancelled' && 'opacity-80')}
            onClick={() =>
              ask({
                title: t('jobs.retryTitle'),
                body: t('jobs.retryBody', { n: job.cost }),
                confirm: t('jobs.retry'),
                onConfirm: (reason) => action.mutateAsync({ job_id: job.id, action: 'retry', reason }),
              })
            }
          >
            <RotateCcw className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
            {t('jobs.retry')}
          </Button>
        )}
      </div>
    </li>
  );
}
