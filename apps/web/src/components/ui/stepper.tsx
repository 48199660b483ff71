import { Check } from 'lucide-react';
import { cn } from './cn';

export interface StepperItem {
  /** Names the step's button for tests (`data-testid`). */
  id: string;
  label: string;
  done: boolean;
  /** The step holds an error, marked until it is fixed. */
  invalid?: boolean;
}

/**
 * The steps of a form in several parts (the character form, voice cloning): numbered, joined by
 * a line, done ones ticked, the current one marked for assistive tech; any can be opened.
 */
export function Stepper({
  label,
  steps,
  current,
  onSelect,
  stepText,
  doneText,
}: {
  /** The list's accessible name. */
  label: string;
  steps: readonly StepperItem[];
  /** The open step's index. */
  current: number;
  onSelect: (index: number) => void;
  /** Read before each step's label, e.g. "Step 1 of 3". */
  stepText: (n: number, total: number) => string;
  /** Read after a done step's label. */
  doneText?: string;
}) {
  return (
    <nav aria-label={label}>
      <ol className="flex items-center gap-2">
        {steps.map((item, i) => {
          const active = i === current;
          const bad = item.invalid === true && !active;
          const ticked = item.done && !bad && !active;
          const last = i === steps.length - 1;
          return (
            <li key={item.id} className={cn('flex min-w-0 items-center gap-2', !last && 'flex-1')}>
              <button
                type="button"
                onClick={() => onSelect(i)}
                aria-current={active ? 'step' : undefined}
                className="group flex min-w-0 items-center gap-2 rounded-full"
                data-testid={`step-${item.id}`}
              >
                <span
                  className={cn(
                    'tabular grid h-8 w-8 shrink-0 place-items-center rounded-full text-sm font-bold transition-colors duration-150',
                    bad && 'bg-danger/15 text-danger ring-danger/60 ring-1',
                    ticked && 'bg-accent text-white',
                    !bad && active && 'bg-surface-2 text-fg ring-pink ring-2',
                    !bad && !ticked && !active && 'bg-surface-2 text-muted group-hover:text-fg',
                  )}
                  aria-hidden
                >
                  {ticked ? <Check className="h-4 w-4" /> : i + 1}
                </span>
                <span
                  className={cn(
                    'truncate text-sm font-semibold',
                    active ? 'text-fg' : 'text-muted group-hover:text-fg sr-only sm:not-sr-only',
                  )}
                >
                  <span className="sr-only">{stepText(i + 1, steps.length)}: </span>
                  {item.label}
                  {item.done && doneText && <span className="sr-only"> ({doneText})</span>}
                </span>
              </button>
              {!last && (
                <span
                  className={cn('h-0.5 min-w-3 flex-1 rounded-full', item.done ? 'bg-accent' : 'bg-line')}
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
