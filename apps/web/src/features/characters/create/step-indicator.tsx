import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { STEPS } from './form-model';

interface StepIndicatorProps {
  step: number;
  /** Steps with an error, marked until fixed. */
  invalid: ReadonlySet<number>;
  onSelect: (step: number) => void;
}

/** The three steps; earlier ones can be revisited, later ones are reached through Continue. */
export function StepIndicator({ step, invalid, onSelect }: StepIndicatorProps) {
  const { t } = useTranslation('create');
  return (
    <nav aria-label={t('steps.label')}>
      <p className="sr-only" aria-live="polite">
        {t('steps.position', { current: step + 1, total: STEPS.length })}
      </p>
      <ol className="flex items-center gap-2">
        {STEPS.map((name, i) => {
          const done = i < step;
          const current = i === step;
          const bad = invalid.has(i) && !current;
          return (
            <li
              key={name}
              className={cn('flex min-w-0 items-center gap-2', i < STEPS.length - 1 && 'flex-1')}
            >
              <button
                type="button"
                onClick={() => onSelect(i)}
                aria-current={current ? 'step' : undefined}
                className="group flex min-w-0 items-center gap-2 rounded-full"
              >
                <span
                  className={cn(
                    'tabular grid h-8 w-8 shrink-0 place-items-center rounded-full text-sm font-bold transition-colors duration-150',
                    bad && 'bg-danger/15 text-danger ring-danger/60 ring-1',
                    !bad && done && 'bg-accent text-white',
                    !bad && current && 'bg-surface-2 text-fg ring-pink ring-2',
                    !bad && !done && !current && 'bg-surface-2 text-muted group-hover:text-fg',
                  )}
                >
                  {done && !bad ? <Check className="h-4 w-4" aria-hidden /> : i + 1}
                </span>
                <span
                  className={cn(
                    'truncate text-sm font-semibold',
                    current ? 'text-fg' : 'text-muted group-hover:text-fg sr-only sm:not-sr-only',
                  )}
                >
                  {t(`steps.${name}`)}
                </span>
              </button>
              {i < STEPS.length - 1 && (
                <span
                  className={cn('h-0.5 min-w-3 flex-1 rounded-full', done ? 'bg-accent' : 'bg-line')}
                  aria-hidden
                />
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
