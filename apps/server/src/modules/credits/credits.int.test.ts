import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers';
import type { Database } from '../../db/client';
import { creditBuckets, creditEntries, users } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { CreditsService } from './credits.service';

const DAY = 86_400_000;

describe('credits ledger', () => {
  let database: Database;
  let now = new Date('2026-03-10T12:00:00Z');
  let credits: CreditsService;

  beforeAll(async () => {
    database = await createTestDatabase();
    credits = new CreditsService({
      db: database.db,
      clock: () => now,
      dailyFreeCredits: 30,
      touristCreditsPerNetwork: 150,
    });
  });
  afterAll(() => database.close());

  async function newUser(): Promise<string> {
    const [user] = await database.db.insert(users).values({ type: 0 }).returning();
    if (!user) throw new Error('no user');
    return user.id;
  }

  /**
   * A test grant of `amount` credits, named `ref` (one grant per name): a pack for a day from now
   * unless `expiresAt` and `reason` say otherwise.
   */
  const grant = (
    id: string,
    amount: number,
    ref: string,
    {
      expiresAt = new Date(now.getTime() + DAY),
      reason = 'pack',
    }: { expiresAt?: Date; reason?: string } = {},
  ) => credits.grant(id, { amount, expiresAt, source: 'test', sourceRef: `${id}-${ref}`, reason });

  it('gives a new account the daily free credits', async () => {
    const id = await newUser();
    const balance = await credits.balance(id);
    expect(balance).toMatchObject({ remain: 30, free: 30, paid: 0, isVip: false, expired: 0 });
    expect(balance.free_resets_at).toBe(Date.parse('2026-03-11T00:00:00Z'));
  });

  it('resets free credits at 00:00 UTC without accumulating them', async () => {
    now = new Date('2026-03-10T23:59:00Z');
    const id = await newUser();
    await credits.spend(id, 20, 'test');
    expect((await credits.balance(id)).remain).toBe(10);
    now = new Date('2026-03-11T00:00:01Z');
    expect((await credits.balance(id)).remain).toBe(30);
    now = new Date('2026-03-13T08:00:00Z');
    expect((await credits.balance(id)).remain).toBe(30);
    now = new Date('2026-03-10T12:00:00Z');
  });

  it('spends free credits first, then paid ones by earliest expiry', async () => {
    const id = await newUser();
    const late = new Date(now.getTime() + 30 * DAY);
    const soon = new Date(now.getTime() + 7 * DAY);
    await grant(id, 100, 'late', { expiresAt: late, reason: 'late' });
    await grant(id, 50, 'soon', { expiresAt: soon, reason: 'soon' });
    const { remain } = await credits.spend(id, 100, 'big spend');
    expect(remain).toBe(80);
    const buckets = await database.db.select().from(creditBuckets).where(eq(creditBuckets.userId, id));
    const byKind = Object.fromEntries(
      buckets.map((b): [string, number] => [b.kind === 'daily' ? 'daily' : (b.sourceRef ?? ''), b.remaining]),
    );
    expect(byKind).toEqual({ daily: 0, [`${id}-soon`]: 0, [`${id}-late`]: 80 });
    const balance = await credits.balance(id);
    expect(balance).toMatchObject({ remain: 80, free: 0, paid: 80, isVip: true, expired: late.getTime() });
  });

  it('refuses a spend larger than the balance and takes nothing', async () => {
    const id = await newUser();
    await expect(credits.spend(id, 31, 'too much')).rejects.toMatchObject({ code: 100002 });
    expect((await credits.balance(id)).remain).toBe(30);
    const entries = await database.db.select().from(creditEntries).where(eq(creditEntries.userId, id));
    expect(entries.filter((e) => e.kind === 'spend')).toHaveLength(0);
  });

  it('ignores expired packs', async () => {
    const id = await newUser();
    await grant(id, 500, 'short');
    expect((await credits.balance(id)).remain).toBe(530);
    const saved = now;
    now = new Date(now.getTime() + 2 * DAY);
    expect(await credits.balance(id)).toMatchObject({ remain: 30, paid: 0, isVip: false });
    await expect(credits.spend(id, 31, 'x')).rejects.toBeInstanceOf(BusinessError);
    now = saved;
  });

  it('refunds exactly what a spend took, once', async () => {
    const id = await newUser();
    await grant(id, 10, 'r');
    const spent = await credits.spend(id, 35, 'job');
    expect(spent.remain).toBe(5);
    const refunds = await Promise.all([
      credits.refund(spent.operationId, 'job failed'),
      credits.refund(spent.operationId, 'job failed'),
      credits.refund(spent.operationId, 'job failed'),
    ]);
    expect(refunds.filter(Boolean)).toHaveLength(1);
    expect(await credits.balance(id)).toMatchObject({ remain: 40, free: 30, paid: 10 });
    expect(await credits.refund('00000000-0000-4000-8000-000000000000', 'unknown')).toBe(false);
  });

  it('grants once per source reference', async () => {
    const id = await newUser();
    const input = {
      amount: 500,
      expiresAt: new Date(now.getTime() + 7 * DAY),
      source: 'stripe',
      sourceRef: `evt-${id}`,
      reason: 'week pack',
    };
    const results = await Promise.all(Array.from({ length: 10 }, () => credits.grant(id, input)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await credits.balance(id)).paid).toBe(500);
  });

  it('never overdraws under 50 concurrent spends', async () => {
    const id = await newUser();
    await grant(id, 40, 'c');
    // 70 credits in all; 50 spends of 3 want 150: exactly 23 succeed, 1 credit stays.
    const outcomes = await Promise.allSettled(Array.from({ length: 50 }, () => credits.spend(id, 3, 'race')));
    const succeeded = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(succeeded).toHaveLength(23);
    for (const r of refused) expect(r.reason).toMatchObject({ code: 100002 });
    expect((await credits.balance(id)).remain).toBe(1);
    const buckets = await database.db.select().from(creditBuckets).where(eq(creditBuckets.userId, id));
    expect(buckets.every((b) => b.remaining >= 0)).toBe(true);
    const entries = await database.db.select().from(creditEntries).where(eq(creditEntries.userId, id));
    const ledgerSum = entries.reduce((sum, e) => sum + e.delta, 0);
    expect(ledgerSum).toBe(1);
  });
});
