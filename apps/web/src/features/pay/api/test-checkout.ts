import * as API from '@lumi/contract/api-routes/payments';
import type { Order } from '@lumi/contract';
import { call } from '@/lib/api-client';

export type TestOutcome = 'pay' | 'cancel';

/** POST /cgi-bin/auth/pay/test-checkout: the tester pays or cancels a test-mode order. */
export function submitTestCheckout(orderId: string, outcome: TestOutcome): Promise<Order> {
  return call(API.payTestCheckout, { json: { order_id: orderId, outcome }, silent: true });
}
