import { CircleAlert, RotateCcw, type LucideIcon } from 'lucide-react';
import { Button } from './ui/button';
import { cn } from './ui/cn';

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
      <span className="bg-surface-2 grid h-14 w-14 place-items-center rounded-2xl">
        <Icon className="text-pink h-7 w-7" aria-hidden />
      </span>
      <p className="mt-4 text-base font-semibold">{title}</p>
      <p className="text-muted mt-1 max-w-xs text-sm text-pretty">{hint}</p>
    </div>
  );
}

/** A tool's job that failed: why, whether the credits came back, and Retry when it may help. */
export function ResultFailed({
  title,
  message,
  refunded,
  onRetry,
  retryText,
  className,
  testIds,
}: {
  title: string;
  message: string;
  /** Said when the credits were given back; nothing when not. */
  refunded: string | null;
  /** Retry, when sending again may help. */
  onRetry: (() => void) | null;
  retryText: string;
  className: string;
  testIds: { area: string; message?: string; retry?: string };
}) {
  return (
    <div
      role="alert"
      className={cn('border-danger/30 bg-danger/5', stage, className)}
      data-testid={testIds.area}
    >
      <CircleAlert className="text-danger h-10 w-10" aria-hidden />
      <p className="mt-3 text-base font-semibold">{title}</p>
      <p className="text-muted mt-1 max-w-sm text-sm text-pretty" data-testid={testIds.message}>
        {message}
      </p>
      {refunded && <p className="text-muted mt-1 text-xs">{refunded}</p>}
      {onRetry && (
        <Button variant="secondary" className="mt-5" onClick={onRetry} data-testid={testIds.retry}>
          <RotateCcw className="h-4 w-4" aria-hidden />
          {retryText}
        </Button>
      )}
    </div>
  );
}
