import * as API from '@lumi/contract/api-routes/payments';
import { callWithMessage } from '@/lib/api-client';

/**
 * GET /cgi-bin/auth/stripe/cancel-subscription: stops a renewing plan. Answers the server's
 * message ("Subscription canceled.") for the toast.
 */
export async function cancelSubscription(): Promise<string> {
  const { message } = await callWithMessage(API.cancelSubscription, { silent: true });
  return message;
}
