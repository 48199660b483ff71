import * as API from '@lumi/contract/api-routes/accounts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** GET /cgi-bin/login/oauth: the providers this site signs in with (Google, Facebook, ...). */
export async function getProviders(signal?: AbortSignal): Promise<string[]> {
  const data = await call(API.oauthProviders, { silent: true, signal });
  return data.providers;
}

/** The providers, read once per visit (a failure shows e-mail sign-in only). */
export const providersQuery = queryOptions({
  queryKey: ['login-providers'],
  queryFn: ({ signal }) => getProviders(signal),
  staleTime: Infinity,
  retry: false,
});
