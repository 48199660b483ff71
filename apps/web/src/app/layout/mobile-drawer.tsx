import { lazy } from 'react';
import { OnDemand } from '@/components/ui/on-demand';
import { MobileDrawerTrigger } from './mobile-drawer-trigger';

const load = () => import('./mobile-drawer-radix');
const MobileDrawerRadix = lazy(load);

/** The tools menu below 768 px: a drawer from the inline-start edge. */
export function MobileDrawer() {
  return (
    <OnDemand
      component={MobileDrawerRadix}
      preload={load}
      props={{}}
      standIn={(handlers) => <MobileDrawerTrigger {...handlers} />}
    />
  );
}
