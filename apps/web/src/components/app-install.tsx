import { Download, ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';
import { LogoMark } from '@/components/ui/logo';
import { appConfig } from '@/lib/app-config';
import { promptInstall, useInstallState } from '@/lib/pwa';

/**
 * What this device can do about the app: open it when installed, install it when the browser
 * offers that, or how to add it from the browser's menu (Safari's Share menu on iOS).
 */
export function AppInstallActions({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation('app');
  const { canPrompt, installed, standalone, ios } = useInstallState();
  if (standalone) return <p className="text-muted text-sm">{t('prompt.standalone')}</p>;
  if (installed) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        {/* Links into the site open in the installed app where the browser captures them. */}
        <a
          href={window.location.href}
          target="_blank"
          rel="noopener"
          className={buttonClass('primary', 'sm')}
          onClick={onDone}
        >
          <ExternalLink className="h-4 w-4" aria-hidden />
          {t('prompt.open')}
        </a>
        <p className="text-muted text-sm">{t('prompt.installed')}</p>
      </div>
    );
  }
  if (canPrompt) {
    return (
      <button
        type="button"
        className={buttonClass('primary', 'sm')}
        onClick={() => void promptInstall().then((accepted) => accepted && onDone?.())}
      >
        <Download className="h-4 w-4" aria-hidden />
        {t('prompt.install')}
      </button>
    );
  }
  return <p className="text-muted text-sm">{t(ios ? 'prompt.iosHint' : 'prompt.manualHint')}</p>;
}

/**
 * The offer's mark, heading and one line (the phone prompt and the profile both show it);
 * `aside` sits at the end of the row, such as the prompt's close button.
 */
export function AppOfferIntro({ headingId, aside }: { headingId?: string; aside?: ReactNode }) {
  const { t } = useTranslation('app');
  const values = { site: appConfig.siteName };
  return (
    <div className="flex items-start gap-3">
      <LogoMark className="h-11 w-11 shrink-0" />
      <div className="min-w-0 flex-1">
        <h2 id={headingId} className="font-bold">
          {t('prompt.title', values)}
        </h2>
        <p className="text-muted mt-1 text-sm leading-snug">{t('prompt.body', values)}</p>
      </div>
      {aside}
    </div>
  );
}
