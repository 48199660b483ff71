import { lazy, Suspense, useSyncExternalStore } from 'react';
import { characterDialogStore } from '../character-dialog-store';

const CharacterDialogs = lazy(() => import('./character-dialogs'));

/** Loads the dialogs' code (Radix) only when one opens. */
export function CharacterDialogHost() {
  const dialog = useSyncExternalStore(characterDialogStore.subscribe, characterDialogStore.get, () => null);
  if (!dialog) return null;
  return (
    <Suspense>
      <CharacterDialogs dialog={dialog} />
    </Suspense>
  );
}
