import { onDemand } from '@/components/ui/on-demand';
import { MobileDrawerTrigger } from './mobile-drawer-trigger';

/** The tools menu below 768 px: a drawer from the inline-start edge. */
export const MobileDrawer = onDemand(() => import('./mobile-drawer-radix'), MobileDrawerTrigger);
