import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';

/** A part of a form folded away under its title (advanced options, a preview), opened on demand. */
export function Fold({ title, open, children }: { title: string; open?: boolean; children: ReactNode }) {
  return (
    <details className="group border-line bg-surface-2/40 rounded-xl border" open={open || undefined}>
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-xl px-3.5 py-2.5 text-sm font-semibold [&::-webkit-details-marker]:hidden">
        {title}
        <ChevronDown
          className="text-muted h-4 w-4 transition-transform duration-150 group-open:rotate-180"
          aria-hidden
        />
      </summary>
      {children}
    </details>
  );
}
