import { Menu } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';

export function MobileDrawerTrigger(props: ComponentProps<'button'>) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      className="text-fg hover:bg-surface-2 grid h-10 w-10 shrink-0 place-items-center rounded-full md:hidden"
      aria-label={t('nav.openMenu')}
      {...props}
    >
      <Menu className="h-6 w-6" aria-hidden />
    </button>
  );
}
