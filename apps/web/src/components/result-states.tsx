import { CircleAlert, RotateCcw, type LucideIcon } from 'lucide-react';
import type { JobState } from '@/lib/job-status';
import { Button } from './ui/button';
import { cn } from './ui/cn';
import { IconBadge } from './ui/icon-badge';

/** The frame of a tool's result area while it has no result; `className` sets its height. */
const stage = 'flex flex-col items-center justify-center rounded-3xl border px-6 py-12 text-center';

/** A tool's result area before anything is made: what will come here. */
export function ResultEmpty({
  icon: Icon,
  title,
  hint,
  className,
  testId,
}: {
  icon: LucideIcon;
  title: string;
  hint: string;
  className: string;
  testId: string;
}) {
  return (
    <div className={cn('border-line/70 bg-surface/40 border-dashed', stage, className)} data-testid={testId}>
      <IconBadge icon={Icon} tone="flat" />
      <p className="mt-4 text-base font-semibold">{title}</p>
      <p className="text-muted mt-1 max-w-xs text-sm text-pretty">{hint}</p>
    </div>
  );
}

/** A job that failed, as the job state holds it. */
export type FailedJob = Extract<JobState<unknown, object>, { phase: 'failed' }>;

/** The page's translations of its `status.*` keys (each tool words its own). */
type StatusText = (key: string) => string;

/**
 * A tool's job that failed, in the tool's words: why, whether the credits came back (a job that
 * was accepted and may be sent again; never for `free` pictures), and Retry when it may help.
 */
export function ResultFailed({
  job,
  t,
  free = false,
  onRetry,
  className,
  testIds,
}: {
  job: FailedJob;
  t: StatusText;
  free?: boolean;
  onRetry: () => void;
  className: string;
  testIds: { area: string; message?: string; retry?: string };
}) {
  const refunded = !free && job.id !== undefined && job.retry === 'send';
  return (
    <div
      role="alert"
      className={cn('border-danger/30 bg-danger/5', stage, className)}
      data-testid={testIds.area}
    >
      <CircleAlert className="text-danger h-10 w-10" aria-hidden />
      <p className="mt-3 text-base font-semibold">{t('status.failed')}</p>
      <p className="text-muted mt-1 max-w-sm text-sm text-pretty" data-testid={testIds.message}>
        {job.message || t('status.error')}
      </p>
      {refunded && <p className="text-muted mt-1 text-xs">{t('status.refunded')}</p>}
      {job.retry && (
        <Button variant="secondary" className="mt-5" onClick={onRetry} data-testid={testIds.retry}>
          <RotateCcw className="h-4 w-4" aria-hidden />
          {t('status.retry')}
        </Button>
      )}
    </div>
  );
}
