import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';

/** A step card's number (a tick once done), title and, if it needs one, a line on what it is for. */
export function StepHeading({
  id,
  n,
  title,
  hint,
  done,
}: {
  id: string;
  n: number;
  title: string;
  hint?: string;
  done: boolean;
}) {
  const { t } = useTranslation('faceswap');
  return (
    <div className="flex items-start gap-3">
      <span
        className={cn(
          'tabular grid h-8 w-8 shrink-0 place-items-center rounded-full text-sm font-bold transition-colors duration-200',
          done ? 'bg-accent text-white' : 'bg-surface-3 text-fg',
        )}
        aria-hidden
        data-testid={`step-${n}-badge`}
        data-done={done}
      >
        {done ? <Check className="h-4 w-4" strokeWidth={3} /> : n}
      </span>
      <div className="min-w-0">
        <h2 id={id} className="text-base leading-8 font-bold">
          <span className="sr-only">{t('steps.number', { n })}: </span>
          {title}
        </h2>
        {hint && <p className="text-muted text-xs leading-relaxed text-pretty">{hint}</p>}
      </div>
    </div>
  );
}
