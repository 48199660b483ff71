import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import type { CloneStep } from '../lib/saved-state';

export interface StepItem {
  step: CloneStep;
  label: string;
  done: boolean;
}

/** The three cloning steps; any can be opened, the current one is marked for assistive tech. */
export function StepIndicator({
  steps,
  current,
  onChange,
}: {
  steps: readonly StepItem[];
  current: CloneStep;
  onChange: (step: CloneStep) => void;
}) {
  const { t } = useTranslation('voice');
  return (
    <nav aria-label={t('clone.stepsLabel')}>
      <ol className="grid grid-cols-3 gap-1.5 sm:gap-2">
        {steps.map((item) => {
          const active = item.step === current;
          return (
            <li key={item.step} className="min-w-0">
              <button
                type="button"
                onClick={() => onChange(item.step)}
                aria-current={active ? 'step' : undefined}
                className={cn(
                  'flex w-full min-w-0 flex-col items-center gap-1.5 rounded-2xl px-1.5 py-2 text-center transition-colors duration-150 sm:flex-row sm:gap-2.5 sm:px-3 sm:text-start',
                  active ? 'bg-surface-3' : 'hover:bg-surface-2',
                )}
                data-testid={`step-${item.step}`}
              >
                <span
                  className={cn(
                    'tabular grid h-8 w-8 shrink-0 place-items-center rounded-full text-sm font-bold',
                    active
                      ? 'bg-accent text-white'
                      : item.done
                        ? 'bg-success/15 text-success'
                        : 'bg-surface-2 text-muted border-line border',
                  )}
                  aria-hidden
                >
                  {item.done && !active ? <Check className="h-4 w-4" /> : item.step}
                </span>
                <span className="min-w-0 leading-tight">
                  <span className="sr-only">
                    {t('clone.stepOf', { step: item.step, total: steps.length })}:{' '}
                  </span>
                  <span
                    className={cn(
                      'block text-xs font-semibold sm:text-sm',
                      active ? 'text-fg' : 'text-muted',
                    )}
                  >
                    {item.label}
                  </span>
                  {item.done && <span className="sr-only"> ({t('clone.done')})</span>}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
