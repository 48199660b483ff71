import { lazy, Suspense } from 'react';
import type { AdultSetting } from './use-adult-setting';

const AdultConfirmDialog = lazy(() => import('./adult-confirm-dialog'));

/** The 18+ question, its code loaded when it is first asked (the home page stays light). */
export function AdultConfirm({ setting }: { setting: AdultSetting }) {
  if (!setting.confirming) return null;
  return (
    <Suspense fallback={null}>
      <AdultConfirmDialog setting={setting} />
    </Suspense>
  );
}
