import type { CheckoutBody, CheckoutData, PayMethod } from '@lumi/contract';
import * as API from '@lumi/contract/api-routes/payments';
import { call } from '@/lib/api-client';

const ROUTES = { card: API.checkoutCard, crypto: API.checkoutCrypto } as const;

/**
 * POST /cgi-bin/auth/v5pay/create-checkout-session (card) or
 * /cgi-bin/auth/nowpayments/create-checkout-session (crypto): opens an order for the plan and
 * answers where to pay it. Silent: the page shows the refusal itself.
 */
export function createCheckout(method: PayMethod, body: CheckoutBody): Promise<CheckoutData> {
  return call(ROUTES[method], { json: body, silent: true });
}
