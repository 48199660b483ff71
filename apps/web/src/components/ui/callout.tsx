import { Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn';

const TONES = {
  /** A standing remark on a page (what the offline engines can and cannot do). */
  note: {
    box: 'border-violet/30 bg-violet/10 text-fg/90 gap-2.5 rounded-2xl px-4 py-3 text-sm text-pretty',
    icon: 'text-violet h-4 w-4',
  },
  /** A small caution beside a result (a picture drawn by the preview renderer). */
  caution: {
    box: 'border-amber-200/20 bg-amber-200/5 text-amber-100/90 gap-2 rounded-xl px-3 py-2 text-xs',
    icon: 'h-3.5 w-3.5',
  },
} as const;

/** A sentence in a tinted box with an info icon before it (DESIGN.md: notes and cautions). */
export function Callout({
  tone,
  children,
  className,
  testId,
}: {
  tone: keyof typeof TONES;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <p
      className={cn('flex items-start border leading-relaxed', TONES[tone].box, className)}
      data-testid={testId}
    >
      <Info className={cn('mt-0.5 shrink-0', TONES[tone].icon)} aria-hidden />
      <span>{children}</span>
    </p>
  );
}
