import { PLANS } from '@lumi/contract';
import { describe, expect, it } from 'vitest';
import {
  ACTIVE_PLANS,
  DEFAULT_PLAN_ID,
  findPlan,
  formatDate,
  formatPrice,
  perMonthCents,
  planTerm,
} from './plans';

/** Intl puts no-break and narrow no-break spaces in money; compare with plain ones. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('plans on sale', () => {
  it('are the active ones, the year selected first', () => {
    expect(ACTIVE_PLANS.map((p) => p.id)).toEqual(['week', 'month', 'quarter', 'year']);
    expect(DEFAULT_PLAN_ID).toBe('year');
    expect(findPlan('legacy_year')?.active).toBe(false);
    expect(findPlan(null)).toBeUndefined();
  });
});

describe('formatPrice', () => {
  it('writes US dollars the way each locale writes money', () => {
    expect(formatPrice(4788, 'en')).toBe('$47.88');
    expect(plain(formatPrice(4788, 'fr'))).toBe('47,88 $US');
    expect(plain(formatPrice(699, 'ru'))).toBe('6,99 $');
    expect(plain(formatPrice(1299, 'es'))).toBe('12,99 US$');
    expect(formatPrice(2397, 'ja')).toBe('$23.97');
  });
  it('takes the currency in either case', () => {
    expect(formatPrice(500, 'en', 'usd')).toBe('$5.00');
    expect(formatPrice(500, 'en', 'EUR')).toBe('€5.00');
  });
});

describe('perMonthCents', () => {
  it('spreads the price over the months, in whole cents', () => {
    const byId = Object.fromEntries(PLANS.map((p) => [p.id, perMonthCents(p)]));
    expect(byId).toMatchObject({ week: undefined, month: 1299, quarter: 799, year: 399 });
    expect(perMonthCents({ priceCents: 1000, months: 3 })).toBe(333);
  });
  it('reads as a monthly price', () => {
    const year = findPlan('year');
    expect(year && formatPrice(perMonthCents(year) ?? 0, 'en')).toBe('$3.99');
  });
});

describe('planTerm', () => {
  it('names plans by weeks or months', () => {
    expect(ACTIVE_PLANS.map(planTerm)).toEqual([
      { unit: 'week', count: 1 },
      { unit: 'month', count: 1 },
      { unit: 'month', count: 3 },
      { unit: 'month', count: 12 },
    ]);
  });
  it('falls back to days when the length is no whole number of weeks', () => {
    expect(planTerm({ months: 0, expiryDays: 10 })).toEqual({ unit: 'day', count: 10 });
  });
});

describe('formatDate', () => {
  it('writes dates per locale', () => {
    const day = Date.UTC(2026, 10, 23, 12);
    expect(formatDate(day, 'en')).toBe('Nov 23, 2026');
    expect(formatDate(day, 'zh')).toBe('2026年11月23日');
  });
});
