import { lazy } from 'react';
import { OnDemand } from '@/components/ui/on-demand';
import { ToolsMenuTrigger } from './tools-menu-trigger';

const load = () => import('./tools-menu-radix');
const ToolsMenuRadix = lazy(load);

/** The header's tools dropdown on screens of 768 px and up: three groups side by side. */
export function ToolsMenu() {
  return (
    <OnDemand
      component={ToolsMenuRadix}
      preload={load}
      props={{}}
      standIn={(handlers) => <ToolsMenuTrigger {...handlers} />}
    />
  );
}
