import type { RouteName } from '@lumi/contract';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';
import { getHref } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLocale } from '@/hooks/use-locale';
import { Link } from '@/lib/router';
import { FALLBACK_ICON, ROUTE_ICONS } from './route-icons';

/** A page not built yet: its title and one line about what will be there. */
export default function PlaceholderPage({ name }: { name: RouteName }) {
  const { t } = useTranslation('pages');
  const locale = useLocale();
  const title = t(`${name}.title`);
  useDocumentTitle(title);
  const Icon = ROUTE_ICONS[name] ?? FALLBACK_ICON;
  return (
    <section className="relative mx-auto max-w-3xl px-4 pt-16 pb-8 text-center sm:pt-24" data-page={name}>
      <div
        className="from-pink/20 via-violet/10 pointer-events-none absolute inset-x-0 top-0 -z-10 mx-auto h-64 max-w-xl rounded-full bg-radial to-transparent blur-3xl"
        aria-hidden
      />
      <span className="border-line bg-surface-2 mx-auto grid h-16 w-16 place-items-center rounded-2xl border shadow-lg shadow-black/30">
        <Icon className="text-pink h-8 w-8" aria-hidden />
      </span>
      <h1 className="mt-6 text-2xl font-extrabold tracking-tight text-balance sm:text-[2rem]">{title}</h1>
      <p className="text-muted mx-auto mt-3 max-w-xl text-base leading-relaxed text-pretty">
        {t(`${name}.desc`)}
      </p>
      <p className="border-line bg-surface text-muted mt-6 inline-flex rounded-full border px-3 py-1 text-xs font-semibold">
        {t('comingSoon')}
      </p>
      <div className="mt-8">
        <Link to={getHref(locale, 'home')} className={buttonClass('secondary', 'lg')}>
          <ArrowLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
          {t('backHome')}
        </Link>
      </div>
    </section>
  );
}
