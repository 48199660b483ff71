import * as ACCOUNT from '@lumi/contract/api-routes/accounts';
import * as API from '@lumi/contract/api-routes/session';
import type { UserInfo } from '@lumi/contract';
import { call } from '@/lib/api-client';

/** POST /cgi-bin/auth/user/update: name, adult content (with the 18+ confirmation), avatar. */
export function updateUser(input: {
  name?: string;
  enable_nsfw?: boolean;
  confirm_adult?: boolean;
  head?: File;
}): Promise<UserInfo> {
  const { head, ...fields } = input;
  if (!head) return call(ACCOUNT.userUpdate, { json: fields, silent: true });
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  form.append('head', head);
  return call(ACCOUNT.userUpdate, { formData: form, silent: true, timeoutMs: 200_000 });
}

/** POST /cgi-bin/auth/user/delete: the account stops working now and is erased soon after. */
export function deleteUser(): Promise<null> {
  return call(ACCOUNT.userDelete, { silent: true });
}

/** POST /cgi-bin/auth/logout: ends the session on the server. */
export function postLogout(): Promise<null> {
  return call(API.logout, { silent: true });
}
