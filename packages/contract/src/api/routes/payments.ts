/**
 * Where these calls live: method and path, without schemas, so that the web calls by them
 * (`import * as API from '@lumi/contract/api-routes/<group>'`, then `call(API.x, ...)`,
 * lib/api-client.ts) without loading zod, each group in the chunk of the pages that use it.
 * Their endpoints in api/<group>.ts spread these; api/endpoints.ts holds the two to the same names.
 */
export const cancelSubscription = {
  method: 'GET',
  path: '/cgi-bin/auth/stripe/cancel-subscription',
} as const;
export const checkoutCard = { method: 'POST', path: '/cgi-bin/auth/v5pay/create-checkout-session' } as const;
export const checkoutCrypto = {
  method: 'POST',
  path: '/cgi-bin/auth/nowpayments/create-checkout-session',
} as const;
export const mintCodes = { method: 'POST', path: '/cgi-bin/admin/redeem-codes/create' } as const;
export const nowpaymentsWebhook = { method: 'POST', path: '/cgi-bin/webhooks/nowpayments' } as const;
export const payHistory = { method: 'GET', path: '/cgi-bin/auth/pay/history' } as const;
export const payOrder = { method: 'GET', path: '/cgi-bin/auth/pay/order' } as const;
export const payTestCheckout = { method: 'POST', path: '/cgi-bin/auth/pay/test-checkout' } as const;
export const redeem = { method: 'POST', path: '/cgi-bin/auth/redeem' } as const;
export const stripeWebhook = { method: 'POST', path: '/cgi-bin/webhooks/stripe' } as const;
