import { lazy, Suspense, useSyncExternalStore } from 'react';
import { creditsDialogStore } from '../credits-dialog-store';

const CreditsDialog = lazy(() => import('./credits-dialog'));

/** Mounts the credits-exhausted dialog (and loads its code) only once something opens it. */
export function CreditsDialogHost() {
  const open = useSyncExternalStore(creditsDialogStore.subscribe, creditsDialogStore.get, () => false);
  if (!open) return null;
  return (
    <Suspense>
      <CreditsDialog />
    </Suspense>
  );
}
