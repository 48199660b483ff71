import * as RadixDialog from '@radix-ui/react-dialog';
import { DialogClose, DialogShell } from './dialog';

/**
 * A picture (`image`: its address and size) at full size over the page; Escape, the close button
 * or a click outside close it. `filter` is a CSS filter for the picture; `description`, if any, is
 * read after the title.
 */
export function ZoomDialog({
  open,
  onOpenChange,
  image,
  title,
  description,
  filter,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  image: { url: string; width: number; height: number };
  title: string;
  description?: string;
  filter?: string;
}) {
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      overlayClassName="animate-fade-in fixed inset-0 z-50 bg-black/85 backdrop-blur-sm"
      className="animate-pop-in fixed inset-0 z-50 grid place-items-center p-3 outline-none sm:p-8"
      onClick={(e) => {
        if (e.target === e.currentTarget) onOpenChange(false);
      }}
      data-testid="zoom-dialog"
      {...(description === undefined ? { 'aria-describedby': undefined } : {})}
    >
      <RadixDialog.Title className="sr-only">{title}</RadixDialog.Title>
      {description !== undefined && (
        <RadixDialog.Description className="sr-only">{description}</RadixDialog.Description>
      )}
      <img
        src={image.url}
        alt={title}
        width={image.width}
        height={image.height}
        className="h-auto max-h-[calc(100dvh-5rem)] w-auto max-w-full rounded-2xl object-contain shadow-2xl shadow-black"
        style={filter ? { filter } : undefined}
      />
      <DialogClose className="bg-surface/90 text-fg hover:bg-surface-3 h-11 w-11 backdrop-blur" />
    </DialogShell>
  );
}
