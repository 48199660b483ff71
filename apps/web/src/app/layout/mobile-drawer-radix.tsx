import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogShell } from '@/components/ui/dialog';
import { LogoMark } from '@/components/ui/logo';
import { getHref } from '@/config/paths';
import { TOOL_GROUPS } from '@/config/tools';
import { useLocale } from '@/hooks/use-locale';
import { appConfig } from '@/lib/app-config';
import { Link } from '@/lib/router';
import { MobileDrawerTrigger } from './mobile-drawer-trigger';
import { ToolLinkItem } from './tool-link';

/** The tools menu below 768 px: a drawer from the inline-start edge; loaded on first use, mounts open. */
export default function MobileDrawerRadix() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [open, setOpen] = useState(true);
  const close = () => setOpen(false);
  return (
    <DialogShell
      open={open}
      onOpenChange={setOpen}
      trigger={<MobileDrawerTrigger />}
      overlayClassName="animate-fade-in fixed inset-0 z-50 bg-black/65 backdrop-blur-sm"
      className="animate-slide-in-start border-line bg-surface fixed inset-y-0 start-0 z-50 flex w-[86vw] max-w-sm flex-col border-e shadow-2xl shadow-black/60"
    >
      <div className="border-line flex h-16 shrink-0 items-center gap-2 border-b px-4">
        <Link to={getHref(locale, 'home')} onClick={close} className="flex items-center gap-2">
          <LogoMark className="h-8 w-8" />
          <span className="text-lg font-extrabold">{appConfig.siteName}</span>
        </Link>
        <RadixDialog.Close
          className="text-muted hover:bg-surface-2 hover:text-fg ms-auto grid h-10 w-10 place-items-center rounded-full"
          aria-label={t('nav.closeMenu')}
        >
          <X className="h-5 w-5" aria-hidden />
        </RadixDialog.Close>
      </div>
      <RadixDialog.Title className="sr-only">{t('nav.tools')}</RadixDialog.Title>
      <RadixDialog.Description className="sr-only">{t('brand.tagline')}</RadixDialog.Description>
      <nav className="flex-1 overflow-y-auto overscroll-contain p-3" aria-label={t('nav.tools')}>
        {TOOL_GROUPS.map((group) => (
          <section key={group.id} className="mb-3">
            <h2 className="text-faint px-2.5 pt-2 pb-1.5 text-xs font-bold tracking-wider uppercase">
              {t(`nav.groups.${group.id}`)}
            </h2>
            {group.items.map((item) => (
              <ToolLinkItem key={item.id} item={item} onNavigate={close} />
            ))}
          </section>
        ))}
      </nav>
    </DialogShell>
  );
}
