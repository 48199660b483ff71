import * as API from '@lumi/contract/api-routes/session';
import { LoginType, type LoginData } from '@lumi/contract';
import { call } from '@/lib/api-client';

/** POST /cgi-bin/login (spec §7), form-encoded. */
export function postLogin(input: {
  type: number;
  code: string;
  vid?: string | undefined;
}): Promise<LoginData> {
  return call(API.login, {
    form: { type: input.type, code: input.code, vid: input.vid },
    silent: true,
  });
}

export function postTouristLogin(code: string, vid?: string): Promise<LoginData> {
  return postLogin({ type: LoginType.TOURIST, code, vid });
}
