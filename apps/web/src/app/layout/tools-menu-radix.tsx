import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { TOOL_GROUPS } from '@/config/tools';
import { ToolLinkItem } from './tool-link';
import { ToolsMenuTrigger } from './tools-menu-trigger';

/** The tools dropdown itself, loaded on first use; mounts open. */
export default function ToolsMenuRadix() {
  const { t } = useTranslation();
  return (
    <DropdownMenu.Root modal={false} defaultOpen>
      <DropdownMenu.Trigger asChild>
        <ToolsMenuTrigger />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={10}
          className="animate-pop-in border-line bg-surface z-50 grid w-[min(860px,calc(100vw-2rem))] grid-cols-3 gap-2 rounded-3xl border p-3 shadow-2xl shadow-black/50"
        >
          {TOOL_GROUPS.map((group) => (
            <DropdownMenu.Group key={group.id} className="min-w-0">
              <DropdownMenu.Label className="text-faint px-2.5 pt-1 pb-2 text-xs font-bold tracking-wider uppercase">
                {t(`nav.groups.${group.id}`)}
              </DropdownMenu.Label>
              {group.items.map((item) => (
                <DropdownMenu.Item key={item.id} asChild>
                  <ToolLinkItem item={item} />
                </DropdownMenu.Item>
              ))}
            </DropdownMenu.Group>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
