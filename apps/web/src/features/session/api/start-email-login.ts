import * as API from '@lumi/contract/api-routes/accounts';
import { call } from '@/lib/api-client';

/** POST /cgi-bin/login/email/start: mails a sign-in code (the failure shows in the dialog). */
export function startEmailLogin(email: string): Promise<null> {
  return call(API.emailStart, { json: { email }, silent: true });
}
