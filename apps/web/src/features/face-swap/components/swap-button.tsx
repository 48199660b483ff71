import { Loader2, WandSparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';

/**
 * The Swap button with its cost ("Swap · 5 credits") and, while it waits for something, the
 * reason under it. A submit button of the page's form, wherever it is placed.
 */
export function SwapButton({
  formId,
  cost,
  busy,
  tip,
  tipId,
  testId,
  className,
}: {
  formId: string;
  cost: number;
  busy: boolean;
  /** Why Swap is disabled, if it is. */
  tip: string | null;
  tipId: string;
  testId: string;
  className?: string;
}) {
  const { t } = useTranslation('faceswap');
  return (
    <div className={cn('grid gap-1.5', className)}>
      <button
        type="submit"
        form={formId}
        disabled={busy || tip !== null}
        aria-describedby={tip ? tipId : undefined}
        className={buttonClass('primary', 'lg', 'w-full')}
        data-testid={testId}
      >
        {busy ? (
          <Loader2 className="h-5 w-5 animate-spin motion-reduce:animate-none" aria-hidden />
        ) : (
          <WandSparkles className="h-5 w-5" aria-hidden />
        )}
        {busy ? t('swap.busy') : <span className="tabular">{t('swap.button', { count: cost })}</span>}
      </button>
      {tip && (
        <p id={tipId} className="text-muted text-center text-xs text-pretty" data-testid={`${testId}-tip`}>
          {tip}
        </p>
      )}
    </div>
  );
}
