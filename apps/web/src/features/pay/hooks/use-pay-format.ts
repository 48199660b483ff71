import type { PlanId } from '@lumi/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/hooks/use-locale';
import { formatInteger } from '@/lib/intl';
import { findPlan, formatDate, formatPrice, planTerm } from '../lib/plans';

/** Prices, dates, credit counts and plan names in the page's language. */
export function usePayFormat() {
  const { t } = useTranslation('pay');
  const locale = useLocale();
  return useMemo(
    () => ({
      locale,
      price: (cents: number, currency?: string) => formatPrice(cents, locale, currency),
      number: (n: number) => formatInteger(n, locale),
      date: (ms: number) => formatDate(ms, locale),
      /** "24,000 credits", with the plural form the count needs. */
      credits: (n: number) => t('credits', { count: n, formatted: formatInteger(n, locale) }),
      /** A plan by its length: "1 week", "12 months". */
      planName: (id: PlanId) => {
        const plan = findPlan(id);
        if (!plan) return id;
        const { unit, count } = planTerm(plan);
        return t(`term.${unit}`, { count });
      },
    }),
    [locale, t],
  );
}

export type PayFormat = ReturnType<typeof usePayFormat>;
