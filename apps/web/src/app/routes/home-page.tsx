import { ArrowRight, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { getHref } from '@/config/paths';
import { ALL_TOOLS } from '@/config/tools';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLocale } from '@/hooks/use-locale';
import { appConfig } from '@/lib/app-config';
import { TOOL_ICONS } from '../layout/tool-icons';

/**
 * Character home. The character list arrives with the community issue; until then the page
 * says so in one line and leads to the tools.
 */
export default function HomePage() {
  const { t } = useTranslation('pages');
  const { t: tc } = useTranslation();
  const locale = useLocale();
  useDocumentTitle(t('home.title'));
  return (
    <div className="mx-auto max-w-[1440px] px-4 sm:px-6" data-page="home">
      <section className="relative overflow-hidden pt-12 pb-10 text-center sm:pt-20">
        <div
          className="from-pink/25 via-violet/15 pointer-events-none absolute inset-x-0 -top-24 -z-10 mx-auto h-80 max-w-3xl rounded-full bg-radial to-transparent blur-3xl"
          aria-hidden
        />
        <p className="border-line bg-surface/80 text-muted inline-flex items-center gap-2 rounded-full border px-3 py-1 text-xs font-semibold">
          <Sparkles className="text-pink h-3.5 w-3.5" aria-hidden />
          {t('home.freeCredits', { count: appConfig.dailyFreeCredits })}
        </p>
        <h1 className="mx-auto mt-5 max-w-3xl text-[2rem] leading-tight font-extrabold tracking-tight text-balance sm:text-5xl">
          {t('home.heroTitle')} <span className="text-accent">{t('home.heroAccent')}</span>
        </h1>
        <p className="text-muted mx-auto mt-4 max-w-2xl text-base leading-relaxed text-pretty sm:text-lg">
          {t('home.heroBody')}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to={getHref(locale, 'createCharacter')} className={buttonClass('primary', 'lg')}>
            {tc('tools.createCharacter.name')}
            <ArrowRight className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
          </Link>
          <Link to={getHref(locale, 'aiChat')} className={buttonClass('secondary', 'lg')}>
            {tc('tools.aiChat.name')}
          </Link>
        </div>
      </section>

      <section
        aria-labelledby="characters-heading"
        className="border-line bg-surface/60 rounded-3xl border p-6 text-center sm:p-8"
      >
        <h2 id="characters-heading" className="text-lg font-bold">
          {t('home.title')}
        </h2>
        <p className="text-muted mx-auto mt-2 max-w-2xl text-sm leading-relaxed">{t('home.desc')}</p>
      </section>

      <section aria-labelledby="tools-heading" className="mt-12">
        <h2 id="tools-heading" className="mb-5 text-lg font-bold">
          {t('home.toolsTitle')}
        </h2>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
          {ALL_TOOLS.filter((tool) => tool.route !== 'home').map((tool) => {
            const Icon = TOOL_ICONS[tool.id];
            return (
              <li key={tool.id}>
                <Link
                  to={getHref(locale, tool.route)}
                  className="group border-line bg-surface hover:border-pink/40 hover:bg-surface-2 flex h-full flex-col gap-3 rounded-2xl border p-4 transition-colors duration-150"
                >
                  <span className="bg-surface-3 group-hover:bg-accent grid h-11 w-11 place-items-center rounded-xl transition-colors duration-150">
                    {Icon && <Icon className="h-5 w-5" aria-hidden />}
                  </span>
                  <span>
                    <span className="block text-sm font-bold">{tc(`tools.${tool.id}.name`)}</span>
                    <span className="text-muted mt-1 block text-xs leading-relaxed">
                      {tc(`tools.${tool.id}.desc`)}
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
