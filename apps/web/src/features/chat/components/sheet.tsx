import * as RadixDialog from '@radix-ui/react-dialog';
import { DialogShell } from '@/components/ui/dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';

interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Phones get a bottom sheet; from `sm` up it slides in at the end side. */
  className?: string;
  testId?: string;
}

/** A drawer: focus trapped, Escape and the close button close it (DESIGN.md dialogs and drawers). */
export function Sheet({ open, onOpenChange, title, description, children, className, testId }: SheetProps) {
  const { t } = useTranslation();
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      overlayClassName="animate-fade-in fixed inset-0 z-50 bg-black/60 backdrop-blur-sm"
      data-testid={testId}
      className={cn(
        'animate-pop-in border-line bg-surface fixed inset-x-0 bottom-0 z-50 flex max-h-[88dvh] flex-col rounded-t-3xl border shadow-2xl shadow-black/50',
        'sm:inset-y-0 sm:start-auto sm:end-0 sm:max-h-none sm:w-[26rem] sm:rounded-none sm:rounded-s-3xl sm:border-y-0 sm:border-e-0',
        className,
      )}
    >
      <div className="border-line flex shrink-0 items-center gap-3 border-b px-5 py-3.5">
        <div className="min-w-0 flex-1">
          <RadixDialog.Title className="truncate text-base font-bold">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="text-muted text-xs">{description}</RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
          )}
        </div>
        <RadixDialog.Close
          className="text-muted hover:bg-surface-2 hover:text-fg grid h-9 w-9 shrink-0 place-items-center rounded-full"
          aria-label={t('actions.close')}
        >
          <X className="h-5 w-5" aria-hidden />
        </RadixDialog.Close>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 py-4">{children}</div>
    </DialogShell>
  );
}
