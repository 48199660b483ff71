import { Loader2, Wand2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';

/**
 * The Generate button with its cost ("Generate · 3 credits") and, when it waits for something,
 * the reason under it. A submit button of the tool form, wherever it is placed.
 */
export function GenerateBar({
  formId,
  cost,
  busy,
  tip,
  tipId,
  className,
}: {
  formId: string;
  cost: number;
  busy: boolean;
  /** Why Generate is disabled, if it is. */
  tip: string | null;
  /** The tip's element id (only one bar shows at a time, so only one carries it). */
  tipId?: string;
  className?: string;
}) {
  const { t } = useTranslation('images');
  return (
    <div className={cn('grid gap-1.5', className)}>
      <button
        type="submit"
        form={formId}
        disabled={busy || tip !== null}
        aria-describedby={tip && tipId ? tipId : undefined}
        className={buttonClass('primary', 'lg', 'w-full')}
        data-testid="generate"
      >
        {busy ? (
          <Loader2 className="h-5 w-5 animate-spin" aria-hidden />
        ) : (
          <Wand2 className="h-5 w-5" aria-hidden />
        )}
        {busy ? t('generate.busy') : <span className="tabular">{t('generate.button', { count: cost })}</span>}
      </button>
      {tip && (
        <p id={tipId} className="text-muted text-center text-xs text-pretty" data-testid="generate-tip">
          {tip}
        </p>
      )}
    </div>
  );
}
