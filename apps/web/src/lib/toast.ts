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

export interface NotifyOptions {
  /** One toast per id: the same id again replaces it. */
  id?: string;
  /** A button in the toast (sign in again, say). */
  action?: { label: string; onClick: () => void };
  /** How long it stays, in ms (sonner's default otherwise). */
  duration?: number;
}

export function notify(kind: Kind, message: string, options: NotifyOptions = {}): void {
  sonner ??= import('sonner');
  toasterWanted.emit();
  void Promise.all([sonner, ready]).then(([module]) => {
    module.toast[kind](message, options);
  });
}
