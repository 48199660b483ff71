import type { CheckoutBody, CheckoutData, PayMethod } from '@lumi/contract';
import { api } from '@/lib/api-client';

const PATHS: Record<PayMethod, string> = {
  card: '/auth/v5pay/create-checkout-session',
  crypto: '/auth/nowpayments/create-checkout-session',
};

/**
 * POST /cgi-bin/auth/v5pay/create-checkout-session (card) or
 * /cgi-bin/auth/nowpayments/create-checkout-session (crypto): opens an order for the plan and
 * answers where to pay it. Silent: the page shows the refusal itself.
 */
export function createCheckout(method: PayMethod, body: CheckoutBody): Promise<CheckoutData> {
  return api<CheckoutData>(PATHS[method], { json: body, silent: true });
}
