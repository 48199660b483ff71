import * as API from '@lumi/contract/api-routes/accounts';
import { call } from '@/lib/api-client';

/** POST /cgi-bin/login/email/start: mails a sign-in code (the failure shows in the dialog). */
export function startEmailLogin(email: string): Promise<null> {
  return call(API.emailStart, { json: { email }, silent: true });
}

/** POST /cgi-bin/login/email/verify: the code for an access token (login type 4). */
export async function verifyEmailLogin(email: string, code: string): Promise<string> {
  const data = await call(API.emailVerify, {
    json: { email, code },
    silent: true,
  });
  return data.access_token;
}

/** GET /cgi-bin/login/oauth: the providers this site signs in with (Google, Facebook, ...). */
export async function getProviders(): Promise<string[]> {
  const data = await call(API.oauthProviders, { silent: true });
  return data.providers;
}
