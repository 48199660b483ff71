import type { EmailVerifyData, OAuthProviders } from '@lumi/contract';
import { api } from '@/lib/api-client';

/** POST /cgi-bin/login/email/start: mails a sign-in code (the failure shows in the dialog). */
export function startEmailLogin(email: string): Promise<null> {
  return api<null>('/login/email/start', { json: { email }, silent: true });
}

/** POST /cgi-bin/login/email/verify: the code for an access token (login type 4). */
export async function verifyEmailLogin(email: string, code: string): Promise<string> {
  const data = await api<EmailVerifyData>('/login/email/verify', {
    json: { email, code },
    silent: true,
  });
  return data.access_token;
}

/** GET /cgi-bin/login/oauth: the providers this site signs in with (Google, Facebook, ...). */
export async function getProviders(): Promise<string[]> {
  const data = await api<OAuthProviders>('/login/oauth', { silent: true });
  return data.providers;
}
