import { Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

/** A standing remark on the page (what the offline engines can and cannot do). */
export function Note({
  children,
  className,
  testId,
}: {
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <p
      className={cn(
        'border-violet/30 bg-violet/10 text-fg/90 flex items-start gap-2.5 rounded-2xl border px-4 py-3 text-sm leading-relaxed text-pretty',
        className,
      )}
      data-testid={testId}
    >
      <Info className="text-violet mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <span>{children}</span>
    </p>
  );
}
