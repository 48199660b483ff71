import { HOME_FAQ } from '@lumi/contract';
import { useTranslation } from 'react-i18next';
import { FaqList } from '@/components/ui/faq-list';
import { appConfig } from '@/lib/app-config';

/** The marketing and FAQ text beneath the lists (spec §2). */
export function MarketingSection() {
  const { t } = useTranslation('characters');
  const values = { count: appConfig.dailyFreeCredits, site: appConfig.siteName };
  return (
    // Never the scroll anchor: when the list above grows, the view stays where it was and shows
    // the new cards, rather than following this section down to the bottom again (which asked
    // for the next page, and the next, until all were loaded).
    <section
      className="border-line mt-12 border-t pt-10 [overflow-anchor:none]"
      aria-labelledby="about-heading"
    >
      <h2 id="about-heading" className="text-lg font-bold sm:text-xl">
        {t('marketing.title', values)}
      </h2>
      <p className="text-muted mt-3 max-w-3xl text-sm leading-relaxed">{t('marketing.body', values)}</p>
      <h2 className="mt-10 text-lg font-bold">{t('faq.title')}</h2>
      <FaqList items={HOME_FAQ.map((id) => ({ q: t(`faq.${id}.q`, values), a: t(`faq.${id}.a`, values) }))} />
    </section>
  );
}
