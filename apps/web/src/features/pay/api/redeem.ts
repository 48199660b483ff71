import type { RedeemData } from '@lumi/contract';
import { api } from '@/lib/api-client';

/** POST /cgi-bin/auth/redeem: turns an exchange code into credits. */
export function redeemCode(code: string): Promise<RedeemData> {
  return api<RedeemData>('/auth/redeem', { json: { code }, silent: true });
}
