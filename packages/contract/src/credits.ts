/** Credit costs (decisions.md), one table for the server, the pricing page and every button. */
export const COSTS = {
  chatMessage: 2,
  imageStandard: 3,
  imageAdvanced: 20,
  /** Text to speech: this many credits per started block of `ttsCharsPerUnit` characters. */
  ttsUnit: 1,
  ttsCharsPerUnit: 100,
  voiceClone: 10,
  faceSwap: 5,
} as const;

export function ttsCost(text: string): number {
  const chars = [...text].length;
  return Math.max(1, Math.ceil(chars / COSTS.ttsCharsPerUnit)) * COSTS.ttsUnit;
}

export type PlanId = 'week' | 'month' | 'quarter' | 'year' | 'legacy_week' | 'legacy_month' | 'legacy_year';

export interface Plan {
  id: PlanId;
  /** Price in US cents, never a float. */
  priceCents: number;
  credits: number;
  expiryDays: number;
  /** Months the price is spread over for the per-month figure. */
  months: number;
  savePercent?: number;
  bestChoice?: boolean;
  /** Inactive plans are not sold but still resolve for old purchases and codes. */
  active: boolean;
}

export const PLANS: readonly Plan[] = [
  { id: 'week', priceCents: 699, credits: 500, expiryDays: 7, months: 0, active: true },
  { id: 'month', priceCents: 1299, credits: 2000, expiryDays: 30, months: 1, savePercent: 40, active: true },
  {
    id: 'quarter',
    priceCents: 2397,
    credits: 6000,
    expiryDays: 90,
    months: 3,
    savePercent: 68,
    active: true,
  },
  {
    id: 'year',
    priceCents: 4788,
    credits: 24000,
    expiryDays: 365,
    months: 12,
    savePercent: 70,
    bestChoice: true,
    active: true,
  },
  { id: 'legacy_week', priceCents: 199, credits: 250, expiryDays: 7, months: 0, active: false },
  { id: 'legacy_month', priceCents: 499, credits: 1000, expiryDays: 30, months: 1, active: false },
  { id: 'legacy_year', priceCents: 1999, credits: 12000, expiryDays: 365, months: 12, active: false },
];

/** The largest saving any active plan offers: the header's "70% OFF" badge. */
export const MAX_SAVE_PERCENT = Math.max(...PLANS.filter((p) => p.active).map((p) => p.savePercent ?? 0));

export const ORDER_STATUSES = ['pending', 'paid', 'canceled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAY_METHODS = ['card', 'crypto'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];

/** A redeem code as people type it: letters and digits, dashes and spaces ignored. */
export const REDEEM_CODE_PATTERN = /^[0-9A-Z]{16}$/;

export function normalizeRedeemCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]+/g, '');
}
