import { PAY_METHODS, type PayMethod, type PlanId } from '@lumi/contract';
import { readSession, removeSession, writeSession } from '@/lib/storage';
import { ACTIVE_PLANS } from './plans';

/** sessionStorage: what a guest asked to buy before signing in (this tab only). */
export const PAY_INTENT_KEY = 'payIntent';

/**
 * How long the wish holds: long enough to read a mailed code (or come back from Google), short
 * enough that a sign-in much later does not start a checkout the visitor forgot about.
 */
export const PAY_INTENT_TTL_MS = 10 * 60_000;

export interface PayIntent {
  plan: PlanId;
  method: PayMethod;
}

/** Remembers the plan and the method a guest pressed, across the sign-in round trip. */
export function savePayIntent(intent: PayIntent, now = Date.now()): void {
  writeSession(PAY_INTENT_KEY, JSON.stringify({ ...intent, at: now }));
}

export function clearPayIntent(): void {
  removeSession(PAY_INTENT_KEY);
}

/**
 * The remembered wish, taken once: it is removed as it is read, so the checkout it starts
 * starts once. Answers null when there is none, it is stale, or it names no plan on sale.
 */
export function takePayIntent(now = Date.now()): PayIntent | null {
  const raw = readSession(PAY_INTENT_KEY);
  if (raw === null) return null;
  clearPayIntent();
  try {
    const value = JSON.parse(raw) as Partial<PayIntent & { at: number }>;
    const fresh = typeof value.at === 'number' && now - value.at >= 0 && now - value.at <= PAY_INTENT_TTL_MS;
    const plan = ACTIVE_PLANS.find((p) => p.id === value.plan)?.id;
    const method = PAY_METHODS.find((m) => m === value.method);
    return fresh && plan && method ? { plan, method } : null;
  } catch {
    return null;
  }
}
