import { apiWithMessage } from '@/lib/api-client';

/**
 * GET /cgi-bin/auth/stripe/cancel-subscription: stops a renewing plan. Answers the server's
 * message ("Subscription canceled.") for the toast.
 */
export async function cancelSubscription(): Promise<string> {
  const { message } = await apiWithMessage<unknown>('/auth/stripe/cancel-subscription', { silent: true });
  return message;
}
