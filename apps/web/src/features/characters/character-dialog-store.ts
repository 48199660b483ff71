import type { CharacterSummary } from '@lumi/contract';

/** The one character dialog open at a time: details (phones), the adult notice, or a confirmation. */
export type CharacterDialog =
  | { kind: 'details'; character: CharacterSummary }
  | { kind: 'adult' }
  | {
      kind: 'confirm';
      title: string;
      body?: string;
      confirm: string;
      danger?: boolean;
      onConfirm: () => Promise<void> | void;
    };

type Listener = () => void;
let current: CharacterDialog | null = null;
const listeners = new Set<Listener>();

export const characterDialogStore = {
  get: (): CharacterDialog | null => current,
  open: (dialog: CharacterDialog) => {
    current = dialog;
    for (const l of listeners) l();
  },
  close: () => {
    current = null;
    for (const l of listeners) l();
  },
  subscribe: (listener: Listener) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

/** Opens a confirmation and resolves true when the user confirms. */
export function confirmDialog(options: { title: string; body?: string; confirm: string; danger?: boolean }) {
  return new Promise<boolean>((resolve) => {
    characterDialogStore.open({
      kind: 'confirm',
      ...options,
      onConfirm: () => resolve(true),
    });
    const unsubscribe = characterDialogStore.subscribe(() => {
      if (characterDialogStore.get()?.kind !== 'confirm') {
        unsubscribe();
        resolve(false);
      }
    });
  });
}
