import type { CharacterSummary } from '@lumi/contract';
import { openStore } from '@/lib/open-store';

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

export const characterDialogStore = openStore<CharacterDialog>();

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
