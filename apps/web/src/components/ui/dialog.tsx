import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from './cn';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Action buttons; put the one primary action last. */
  footer?: ReactNode;
  icon?: ReactNode;
}

/**
 * Focus handlers for a dialog's Content: on close the focus goes back to what had it when the
 * dialog opened. Radix does that only for its own Trigger, and most of our dialogs open from
 * code (a button of another component, a page's request), where it would drop to the body.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current;
      opener.current = null;
      if (target?.isConnected) {
        event.preventDefault();
        target.focus();
      }
    },
  };
}

type ContentProps = Omit<ComponentProps<typeof RadixDialog.Content>, 'onOpenAutoFocus' | 'onCloseAutoFocus'>;

export interface DialogShellProps extends ContentProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The backdrop's classes (its colour and blur). */
  overlayClassName: string;
  /** A Radix trigger in the same root; without one the focus goes back to the opener (useReturnFocus). */
  trigger?: ReactNode;
}

/**
 * What every dialog, drawer and sheet is made of: the Radix root, a portal, a backdrop and the
 * content box; the other props go to the content box.
 */
export function DialogShell({
  open,
  onOpenChange,
  overlayClassName,
  trigger,
  children,
  ...content
}: DialogShellProps) {
  const returnFocus = useReturnFocus();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={overlayClassName} />
        <RadixDialog.Content {...(trigger ? {} : returnFocus)} {...content}>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** A centred modal dialog: focus trapped, Escape and the close button close it. */
export function Dialog({ open, onOpenChange, title, description, children, footer, icon }: DialogProps) {
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      overlayClassName="animate-fade-in fixed inset-0 z-50 bg-black/65 backdrop-blur-sm"
      className="animate-pop-in border-line bg-surface fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-3xl border p-6 shadow-2xl shadow-black/50 sm:p-7"
    >
      {icon && <div className="mb-4 flex justify-center">{icon}</div>}
      <RadixDialog.Title className="text-center text-lg font-bold text-balance">{title}</RadixDialog.Title>
      {description ? (
        <RadixDialog.Description className="text-muted mt-2 text-center text-sm leading-relaxed text-pretty">
          {description}
        </RadixDialog.Description>
      ) : (
        <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
      )}
      {children}
      {footer && (
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-center">{footer}</div>
      )}
      <DialogClose className="text-muted hover:bg-surface-2 hover:text-fg h-9 w-9" />
    </DialogShell>
  );
}

/** A dialog's round close button (an X) in its top end corner; `className` sets its size and colours. */
export function DialogClose({ className }: { className: string }) {
  const { t } = useTranslation();
  return (
    <RadixDialog.Close
      className={cn('absolute end-3 top-3 grid place-items-center rounded-full', className)}
      aria-label={t('actions.close')}
    >
      <X className="h-5 w-5" aria-hidden />
    </RadixDialog.Close>
  );
}
