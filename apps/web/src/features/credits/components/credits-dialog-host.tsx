import { lazy } from 'react';
import { StoreHost } from '@/components/ui/store-host';
import { creditsDialogStore } from '../credits-dialog-store';

const CreditsDialog = lazy(() => import('./credits-dialog'));

/** Mounts the credits-exhausted dialog (and loads its code) only once something opens it. */
export function CreditsDialogHost() {
  return <StoreHost store={creditsDialogStore} render={() => <CreditsDialog />} />;
}
