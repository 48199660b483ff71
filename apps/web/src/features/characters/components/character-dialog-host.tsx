import { lazy } from 'react';
import { StoreHost } from '@/components/ui/store-host';
import { characterDialogStore } from '../character-dialog-store';

const CharacterDialogs = lazy(() => import('./character-dialogs'));

/** Loads the dialogs' code (Radix) only when one opens. */
export function CharacterDialogHost() {
  return <StoreHost store={characterDialogStore} render={(dialog) => <CharacterDialogs dialog={dialog} />} />;
}
