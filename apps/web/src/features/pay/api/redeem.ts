import * as API from '@lumi/contract/api-routes/payments';
import type { RedeemData } from '@lumi/contract';
import { call } from '@/lib/api-client';

/** POST /cgi-bin/auth/redeem: turns an exchange code into credits. */
export function redeemCode(code: string): Promise<RedeemData> {
  return call(API.redeem, { json: { code }, silent: true });
}
