import { Loader2 } from 'lucide-react';

/**
 * Where a generation job is, as the tool pages show it while they wait: a spinning status line
 * (announced to screen readers) and, while the engine reports it, a progress bar.
 */
export function JobProgress({
  text,
  phase,
  progress,
  progressLabel,
  testId,
}: {
  text: string;
  phase: string;
  /** 0 to 1, or undefined while there is none to show. */
  progress: number | undefined;
  progressLabel: string;
  testId: string;
}) {
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
