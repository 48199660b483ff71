import { onDemand } from '@/components/ui/on-demand';
import { ToolsMenuTrigger } from './tools-menu-trigger';

/** The header's tools dropdown on screens of 768 px and up: three groups side by side. */
export const ToolsMenu = onDemand(() => import('./tools-menu-radix'), ToolsMenuTrigger);
