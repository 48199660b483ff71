import { useTranslation } from 'react-i18next';
import { appConfig } from '@/lib/app-config';

const FAQ = ['free', 'create', 'private', 'adult', 'cards', 'models'] as const;

/** The marketing and FAQ text beneath the lists (spec §2). */
export function MarketingSection() {
  const { t } = useTranslation('characters');
  const values = { count: appConfig.dailyFreeCredits, site: appConfig.siteName };
  return (
    <section className="border-line mt-12 border-t pt-10" aria-labelledby="about-heading">
      <h2 id="about-heading" className="text-lg font-bold sm:text-xl">
        {t('marketing.title', values)}
      </h2>
      <p className="text-muted mt-3 max-w-3xl text-sm leading-relaxed">{t('marketing.body', values)}</p>
      <h2 className="mt-10 text-lg font-bold">{t('faq.title')}</h2>
      <div className="mt-4 grid gap-3 md:grid-cols-2">
        {FAQ.map((id) => (
          <details key={id} className="group border-line bg-surface rounded-2xl border p-4 open:bg-surface-2">
            <summary className="cursor-pointer list-none text-sm font-semibold marker:hidden">
              {t(`faq.${id}.q`, values)}
            </summary>
            <p className="text-muted mt-2 text-sm leading-relaxed">{t(`faq.${id}.a`, values)}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
