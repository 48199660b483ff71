import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The swapped photo at full size over the page; Escape, the close button or a click outside close it. */
export function ZoomDialog({
  open,
  onOpenChange,
  src,
  width,
  height,
  title,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  src: string;
  width: number;
  height: number;
  title: string;
}) {
  const { t } = useTranslation();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="animate-fade-in fixed inset-0 z-50 bg-black/85 backdrop-blur-sm" />
        <RadixDialog.Content
          className="animate-pop-in fixed inset-0 z-50 grid place-items-center p-3 outline-none sm:p-8"
          onClick={(e) => {
            if (e.target === e.currentTarget) onOpenChange(false);
          }}
          aria-describedby={undefined}
          data-testid="zoom-dialog"
        >
          <RadixDialog.Title className="sr-only">{title}</RadixDialog.Title>
          <img
            src={src}
            alt={title}
            width={width}
            height={height}
            className="h-auto max-h-[calc(100dvh-5rem)] w-auto max-w-full rounded-2xl object-contain shadow-2xl shadow-black"
          />
          <RadixDialog.Close
            className="bg-surface/90 text-fg hover:bg-surface-3 absolute end-3 top-3 grid h-11 w-11 place-items-center rounded-full backdrop-blur"
            aria-label={t('actions.close')}
          >
            <X className="h-5 w-5" aria-hidden />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
