import { Loader2 } from 'lucide-react';
import type { JobState } from '@/lib/job-status';

/** A job the page waits on: sent, being checked, in queue or running. */
export type WaitingJob = Extract<
  JobState<unknown, object>,
  { phase: 'sending' | 'checking' | 'queued' | 'running' }
>;

/** The page's translations of its `status.*` keys (each tool words its own). */
type StatusText = (key: string, options?: Record<string, string>) => string;

/** The status line of a waiting job, in the tool's words: one place for every tool page. */
export function jobStatusText(job: WaitingJob, t: StatusText, numberLocale: string): string {
  switch (job.phase) {
    case 'sending':
      return t('status.sending');
    case 'checking':
      return t('status.checking');
    case 'queued': {
      if (job.position === undefined) return t('status.queued');
      const format = new Intl.NumberFormat(numberLocale);
      return t('status.queuedAt', {
        position: format.format(job.position + 1),
        seconds: format.format(job.waitSeconds ?? 1),
      });
    }
    case 'running':
      return t('status.running');
  }
}

/**
 * Where a generation job is, as the tool pages show it while they wait: a spinning status line
 * (announced to screen readers) and, while the engine reports it, a progress bar.
 */
export function JobProgress({
  job,
  t,
  numberLocale,
  testId,
}: {
  job: WaitingJob;
  t: StatusText;
  numberLocale: string;
  testId: string;
}) {
  const phase = job.phase;
  const text = jobStatusText(job, t, numberLocale);
  /** 0 to 1, or undefined while there is none to show. */
  const progress = job.phase === 'running' ? job.progress : undefined;
  const progressLabel = t('status.running');
  return (
    <div className="border-line bg-surface flex flex-col gap-2 rounded-2xl border px-4 py-3">
      <p
        role="status"
        className="flex items-center gap-2 text-sm font-semibold"
        data-testid={testId}
        data-phase={phase}
      >
        <Loader2 className="text-pink h-4 w-4 shrink-0 animate-spin" aria-hidden />
        {text}
      </p>
      {progress !== undefined && (
        <div
          role="progressbar"
          aria-label={progressLabel}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress * 100)}
          className="bg-surface-3 h-1.5 overflow-hidden rounded-full"
        >
          <div
            className="bg-accent h-full origin-left rounded-full transition-transform duration-200 rtl:origin-right"
            style={{ transform: `scaleX(${Math.max(0.03, Math.min(1, progress))})` }}
          />
        </div>
      )}
    </div>
  );
}
