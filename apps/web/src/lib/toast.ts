import type * as Sonner from 'sonner';
import { createChannel } from './events';

type Kind = 'success' | 'info' | 'warning' | 'error';

/**
 * Toasts load the toaster (sonner) on first use: most visits never show one, and the home page
 * stays light. The app layer mounts the toaster when `toasterWanted` fires and calls
 * `toasterMounted()` once it listens.
 */
export const toasterWanted = createChannel<void>();

let sonner: Promise<typeof Sonner> | undefined;
let mounted: (() => void) | undefined;
const ready = new Promise<void>((resolve) => {
  mounted = resolve;
});

export function toasterMounted(): void {
  mounted?.();
}

export function notify(kind: Kind, message: string, options: { id?: string } = {}): void {
  sonner ??= import('sonner');
  toasterWanted.emit();
  void Promise.all([sonner, ready]).then(([module]) => {
    module.toast[kind](message, options);
  });
}
