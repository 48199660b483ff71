import { ChevronDown, LayoutGrid } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';

export function ToolsMenuTrigger(props: ComponentProps<'button'>) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      aria-haspopup="menu"
      className="text-fg hover:bg-surface-2 data-[state=open]:bg-surface-2 hidden h-10 items-center gap-1.5 rounded-full px-3.5 text-sm font-semibold md:inline-flex"
      {...props}
    >
      <LayoutGrid className="h-4 w-4" aria-hidden />
      {t('nav.tools')}
      <ChevronDown className="h-4 w-4 opacity-70" aria-hidden />
    </button>
  );
}
