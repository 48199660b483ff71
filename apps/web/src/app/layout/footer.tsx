import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '@/components/ui/logo';
import { getHref } from '@/config/paths';
import { ALL_TOOLS } from '@/config/tools';
import { useLocale } from '@/hooks/use-locale';
import { appConfig } from '@/lib/app-config';
import { Link } from '@/lib/router';
import { LanguageSwitcher } from './language-switcher';

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-fg mb-3 text-sm font-bold">{title}</h2>
      <ul className="space-y-2.5 text-sm">{children}</ul>
    </div>
  );
}

const linkClass = 'text-muted hover:text-fg inline-flex items-center gap-1.5 transition-colors duration-150';

function ExternalItem({ href, children }: { href: string; children: ReactNode }) {
  return (
    <li>
      <a href={href} target="_blank" rel="noopener noreferrer" className={linkClass}>
        {children}
        <ExternalLink className="h-3.5 w-3.5 opacity-60 rtl:-scale-x-100" aria-hidden />
      </a>
    </li>
  );
}

/** Footer of spec §2: language, blog, community and social links, support, legal pages. */
export function Footer() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { links } = appConfig;
  return (
    // Not a scroll anchor (as the home's marketing section): an infinite list above it grows into
    // view instead of pushing the footer, and the page's end, along with the reader.
    <footer className="border-line/70 bg-surface/40 mt-16 border-t [overflow-anchor:none]">
      <div className="mx-auto grid max-w-[1440px] gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div className="space-y-4">
          <Link to={getHref(locale, 'home')} className="inline-flex items-center gap-2">
            <LogoMark className="h-9 w-9" />
            <span className="text-lg font-extrabold">{appConfig.siteName}</span>
          </Link>
          <p className="text-muted max-w-xs text-sm leading-relaxed">{t('footer.about')}</p>
          <LanguageSwitcher variant="full" side="top" />
        </div>
        <Column title={t('footer.tools')}>
          {ALL_TOOLS.map((tool) => (
            <li key={tool.id}>
              <Link to={getHref(locale, tool.route)} className={linkClass}>
                {t(`tools.${tool.id}.name`)}
              </Link>
            </li>
          ))}
        </Column>
        <Column title={t('footer.community')}>
          <ExternalItem href={getHref(locale, 'blogList')}>{t('footer.blog')}</ExternalItem>
          <ExternalItem href={links.chatCommunity}>{t('footer.chatCommunity')}</ExternalItem>
          <ExternalItem href={links.video}>{t('footer.video')}</ExternalItem>
          <ExternalItem href={links.shortVideo}>{t('footer.shortVideo')}</ExternalItem>
          <ExternalItem href={links.social}>{t('footer.social')}</ExternalItem>
        </Column>
        <Column title={t('footer.help')}>
          <li>
            <a href={`mailto:${appConfig.supportEmail}`} className={linkClass}>
              {t('footer.support')}
            </a>
          </li>
          <li>
            <Link to={getHref(locale, 'privacy')} className={linkClass}>
              {t('footer.privacy')}
            </Link>
          </li>
          <li>
            <Link to={getHref(locale, 'terms')} className={linkClass}>
              {t('footer.terms')}
            </Link>
          </li>
          <li>
            <Link to={getHref(locale, 'refund')} className={linkClass}>
              {t('footer.refund')}
            </Link>
          </li>
        </Column>
      </div>
      <div className="border-line/70 text-faint border-t">
        <div className="mx-auto flex max-w-[1440px] flex-col gap-2 px-4 py-5 text-xs sm:flex-row sm:justify-between sm:px-6">
          <p>{t('footer.copyright', { year: new Date().getFullYear(), site: appConfig.siteName })}</p>
          <p>{t('footer.adultsOnly')}</p>
        </div>
      </div>
    </footer>
  );
}
