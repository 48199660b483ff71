import type { MarketedTool } from '@lumi/contract';
import { useTranslation } from 'react-i18next';
import { FaqList } from '@/components/ui/faq-list';
import { appConfig } from '@/lib/app-config';

/** The marketing and FAQ text beneath a tool (the same text the server prerenders). */
export function ToolMarketing({ tool }: { tool: MarketedTool }) {
  const { t } = useTranslation('marketing');
  const values = { site: appConfig.siteName, count: appConfig.dailyFreeCredits };
  const faq = t(`tools.${tool}.faq`, { ...values, returnObjects: true }) as unknown;
  return (
    <section
      className="border-line mx-auto mt-12 max-w-7xl border-t px-4 pt-10 pb-12"
      aria-labelledby={`${tool}-about`}
      data-testid="tool-marketing"
    >
      <h2 id={`${tool}-about`} className="text-lg font-bold sm:text-xl">
        {t(`tools.${tool}.heading`, values)}
      </h2>
      <p className="text-muted mt-3 max-w-3xl text-sm leading-relaxed">{t(`tools.${tool}.body`, values)}</p>
      <h2 className="mt-10 text-lg font-bold">{t('faqTitle')}</h2>
      <FaqList items={Array.isArray(faq) ? (faq as { q: string; a: string }[]) : []} />
    </section>
  );
}
