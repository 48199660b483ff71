import * as API from '@lumi/contract/api-routes/accounts';
import { call } from '@/lib/api-client';

/** POST /cgi-bin/login/email/verify: the code for an access token (login type 4). */
export async function verifyEmailLogin(email: string, code: string): Promise<string> {
  const data = await call(API.emailVerify, {
    json: { email, code },
    silent: true,
  });
  return data.access_token;
}
