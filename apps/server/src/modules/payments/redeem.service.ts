import { createHash, randomInt } from 'node:crypto';
import {
  ErrorCode,
  normalizeRedeemCode,
  REDEEM_CODE_PATTERN,
  type MintCodesBody,
  type PlanId,
  type RedeemData,
} from '@lumi/contract';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { BusinessError } from '../../lib/errors';
import { networksOf } from '../../lib/network';
import type { CreditsService } from '../credits/credits.service';
import { lockKeys } from '../limits/quota.repository';
import * as repo from './payments.repository';
import { planById } from './payments.service';

const DAY_MS = 86_400_000;
/** Crockford's base 32: no I, L, O or U to misread. 16 of them are 80 random bits. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Failed tries in the last hour before more are refused, per account and per address. */
export const REDEEM_LIMITS = { perUserPerHour: 10, perAddressPerHour: 30 } as const;
/** How long credits from a code for a bare number of credits last, unless the minter says. */
const DEFAULT_CODE_EXPIRY_DAYS = 30;

const codeHash = (normalized: string) => createHash('sha256').update(normalized).digest('hex');

export function newRedeemCode(): string {
  let code = '';
  for (let i = 0; i < 16; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code.replace(/(.{4})(?=.)/g, '$1-');
}

export interface RedeemDeps {
  db: Db;
  clock: Clock;
  credits: CreditsService;
}

/**
 * Redeem codes (spec: exchange codes from key marketplaces): minted by admins for a plan or a
 * number of credits; a code redeems once, however many try it at the same moment; wrong, used
 * and expired codes all answer 'The redemption code is invalid'; failed tries are limited.
 */
export class RedeemService {
  constructor(private readonly deps: RedeemDeps) {}

  async mint(body: MintCodesBody, createdBy: string | null): Promise<string[]> {
    const plan = body.plan ? planById(body.plan) : undefined;
    const credits = plan?.credits ?? body.credits;
    if (!credits) throw new BusinessError(ErrorCode.INVALID_INPUT, 'missing_field', { field: 'credits' });
    const expiryDays = body.expiry_days ?? plan?.expiryDays ?? DEFAULT_CODE_EXPIRY_DAYS;
    const now = this.deps.clock();
    const validUntil = body.valid_days ? new Date(now.getTime() + body.valid_days * DAY_MS) : null;
    const codes = Array.from({ length: body.count }, newRedeemCode);
    await repo.insertCodes(
      this.deps.db,
      codes.map((code) => ({
        codeHash: codeHash(normalizeRedeemCode(code)),
        plan: plan?.id ?? null,
        credits,
        expiryDays,
        validUntil,
        note: body.note ?? null,
        createdBy,
        createdAt: now,
      })),
    );
    return codes;
  }

  /**
   * Redeems a code for the user. The tries are judged one at a time per account and per network
   * (locks held for the transaction), so concurrent wrong guesses on any number of processes
   * stop at the limit, and each failure is counted before the next try is judged.
   */
  async redeem(userId: string, input: string, ip: string): Promise<RedeemData> {
    const code = normalizeRedeemCode(input);
    if (code === '') throw new BusinessError(ErrorCode.INVALID_INPUT, 'redeem_empty');
    const now = this.deps.clock();
    const network = networksOf(ip).narrow;
    const outcome = await this.deps.db.transaction(async (tx) => {
      await lockKeys(tx, [`redeem:${userId}`, `redeem-ip:${network}`]);
      const failures = await repo.recentFailures(tx, userId, network, new Date(now.getTime() - 3_600_000));
      if (
        failures.forUser >= REDEEM_LIMITS.perUserPerHour ||
        failures.fromIp >= REDEEM_LIMITS.perAddressPerHour
      ) {
        return 'too_frequent' as const;
      }
      const row = REDEEM_CODE_PATTERN.test(code)
        ? await repo.claimCode(tx, codeHash(code), userId, now)
        : undefined;
      if (!row) {
        await repo.insertFailure(tx, userId, network, now);
        return 'invalid' as const;
      }
      const creditsExpireAt = new Date(now.getTime() + row.expiryDays * DAY_MS);
      await this.deps.credits.grant(
        userId,
        {
          amount: row.credits,
          expiresAt: creditsExpireAt,
          source: 'redeem',
          sourceRef: String(row.id),
          reason: row.plan ? `redeem code for plan ${row.plan}` : 'redeem code',
        },
        tx,
      );
      await repo.setCodeCreditsExpiry(tx, row.id, creditsExpireAt);
      return {
        credits: row.credits,
        credits_expire_at: creditsExpireAt.getTime(),
        plan: (row.plan as PlanId | null) ?? null,
      };
    });
    if (outcome === 'too_frequent') throw new BusinessError(ErrorCode.TOO_FREQUENT, 'too_frequent');
    if (outcome === 'invalid') throw new BusinessError(ErrorCode.INVALID_INPUT, 'redeem_invalid');
    return outcome;
  }
}
