import type { LucideIcon } from 'lucide-react';
import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClass } from './button';
import { cn } from './cn';

/**
 * The page's main action with its cost on it ("Generate · 2 credits"), a spinner while it runs
 * and, when it waits for something, the reason under it. A submit button of `formId`'s form,
 * wherever it is placed. `truncate` keeps the label on one line, cut with an ellipsis.
 */
export function SubmitButton({
  formId,
  icon: Icon,
  label,
  busyLabel,
  busy,
  tip,
  tipId,
  testId,
  truncate = false,
  className,
}: {
  formId: string;
  icon: LucideIcon;
  label: ReactNode;
  busyLabel: ReactNode;
  busy: boolean;
  /** Why the action is disabled, if it is. */
  tip: string | null;
  /** The tip's element id (only one button shows at a time, so only one carries it). */
  tipId?: string;
  /** The button's test id; its tip's is `${testId}-tip`. */
  testId: string;
  truncate?: boolean;
  className?: string;
}) {
  return (
    <div className={cn('grid gap-1.5', className)}>
      <button
        type="submit"
        form={formId}
        disabled={busy || tip !== null}
        aria-describedby={tip && tipId ? tipId : undefined}
        className={buttonClass('primary', 'lg', 'w-full')}
        data-testid={testId}
      >
        {busy ? (
          <Loader2 className="h-5 w-5 animate-spin motion-reduce:animate-none" aria-hidden />
        ) : (
          <Icon className="h-5 w-5" aria-hidden />
        )}
        <span className={cn('tabular', truncate && 'truncate')}>{busy ? busyLabel : label}</span>
      </button>
      {tip && (
        <p id={tipId} className="text-muted text-center text-xs text-pretty" data-testid={`${testId}-tip`}>
          {tip}
        </p>
      )}
    </div>
  );
}
