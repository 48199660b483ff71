import { PLANS, type Locale, type Plan, type PlanId } from '@lumi/contract';
import { intlLocale } from '@/lib/intl';

/** The plans on sale, in catalogue order (shortest first). */
export const ACTIVE_PLANS: readonly Plan[] = PLANS.filter((p) => p.active);

/** The plan selected when the page opens: the best choice, else the last one on sale. */
export const DEFAULT_PLAN_ID: PlanId =
  (ACTIVE_PLANS.find((p) => p.bestChoice) ?? ACTIVE_PLANS.at(-1))?.id ?? 'week';

export function findPlan(id: PlanId | null | undefined): Plan | undefined {
  return id ? PLANS.find((p) => p.id === id) : undefined;
}

/** A price in cents as the locale writes money: `$47.88`, `47,88 $US`, `US$47.88`. */
export function formatPrice(cents: number, locale: Locale, currency = 'USD'): string {
  return new Intl.NumberFormat(intlLocale(locale), {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(cents / 100);
}

/**
 * What the plan costs per month, in whole cents, for plans spread over months; undefined for
 * the shorter ones (the week).
 */
export function perMonthCents(plan: Pick<Plan, 'priceCents' | 'months'>): number | undefined {
  return plan.months > 0 ? Math.round(plan.priceCents / plan.months) : undefined;
}

export type TermUnit = 'day' | 'week' | 'month';

/**
 * How a plan's length reads as its title: months when it is spread over months ("12 months"),
 * else whole weeks ("1 week"), else days.
 */
export function planTerm(plan: Pick<Plan, 'months' | 'expiryDays'>): { unit: TermUnit; count: number } {
  if (plan.months > 0) return { unit: 'month', count: plan.months };
  if (plan.expiryDays % 7 === 0) return { unit: 'week', count: plan.expiryDays / 7 };
  return { unit: 'day', count: plan.expiryDays };
}

/** A date (ms since the epoch) as the locale writes it, medium length: `Nov 23, 2026`. */
export function formatDate(ms: number, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium' }).format(ms);
}
