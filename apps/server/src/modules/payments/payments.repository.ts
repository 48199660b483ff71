import { and, count, desc, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders, paymentEvents, redeemCodes, redeemFailures, users, type OrderRow } from '../../db/schema';
import { onlyRow } from '../../db/rows';

export type NewOrder = typeof orders.$inferInsert;

export async function insertOrder(db: DbOrTx, values: NewOrder): Promise<OrderRow> {
  return onlyRow(await db.insert(orders).values(values).returning(), 'order insert');
}

export async function setOrderCheckout(db: DbOrTx, id: string, providerRef: string): Promise<void> {
  await db.update(orders).set({ providerRef }).where(eq(orders.id, id));
}

export async function ordersSince(db: DbOrTx, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), gt(orders.createdAt, since)));
  return row?.n ?? 0;
}

export async function findOrder(db: DbOrTx, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

/** The order, locked until the transaction ends: one notice at a time fulfils it. */
export async function lockOrder(tx: DbOrTx, id: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

export async function markPaid(
  tx: DbOrTx,
  id: string,
  values: { paidAt: Date; creditsExpireAt: Date; paymentRef: string | null },
): Promise<void> {
  await tx
    .update(orders)
    .set({ status: 'paid', ...values })
    .where(eq(orders.id, id));
}

export async function cancelPending(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(orders)
    .set({ status: 'canceled' })
    .where(and(eq(orders.id, id), eq(orders.status, 'pending')));
}

/**
 * Records the test checkout's payment for an order, once: the first pay's payment id stays, and
 * every concurrent pay of the same order gets that one, so they all notify the same payment.
 */
export async function claimTestPayment(
  db: DbOrTx,
  id: string,
  paymentRef: string,
  status: string,
): Promise<string> {
  const [set] = await db
    .update(orders)
    .set({ paymentRef, testPaymentStatus: status })
    .where(and(eq(orders.id, id), isNull(orders.paymentRef)))
    .returning({ paymentRef: orders.paymentRef });
  if (set?.paymentRef) return set.paymentRef;
  const [existing] = await db.select({ paymentRef: orders.paymentRef }).from(orders).where(eq(orders.id, id));
  return existing?.paymentRef ?? paymentRef;
}

export async function findTestPayment(db: DbOrTx, paymentRef: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(eq(orders.paymentRef, paymentRef), eq(orders.testMode, true), eq(orders.provider, 'nowpayments')),
    );
  return row;
}

export async function markReceiptSent(db: DbOrTx, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ receiptSentAt: at })
    .where(and(eq(orders.id, id), isNull(orders.receiptSentAt)))
    .returning({ id: orders.id });
  return rows.length > 0;
}

export async function clearReceiptSent(db: DbOrTx, id: string): Promise<void> {
  await db.update(orders).set({ receiptSentAt: null }).where(eq(orders.id, id));
}

/**
 * Records a payment notice; false when it was recorded before (by this or any process). In the
 * granting transaction, a second copy waits for the first to commit and then finds it.
 */
export async function recordEvent(
  tx: DbOrTx,
  values: { provider: string; eventId: string; type: string; orderId: string | null },
): Promise<boolean> {
  const rows = await tx
    .insert(paymentEvents)
    .values(values)
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  return rows.length > 0;
}

export function paidOrders(db: DbOrTx, userId: string, limit: number) {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'paid')))
    .orderBy(desc(orders.paidAt))
    .limit(limit);
}

export function redeemedCodes(db: DbOrTx, userId: string, limit: number) {
  return db
    .select()
    .from(redeemCodes)
    .where(and(eq(redeemCodes.redeemedBy, userId), isNotNull(redeemCodes.redeemedAt)))
    .orderBy(desc(redeemCodes.redeemedAt))
    .limit(limit);
}

export type NewRedeemCode = typeof redeemCodes.$inferInsert;

export async function insertCodes(db: DbOrTx, values: NewRedeemCode[]): Promise<void> {
  await db.insert(redeemCodes).values(values);
}

/**
 * Takes a code for the user if it is unused and still valid: one UPDATE, so of two concurrent
 * redeems exactly one gets the row.
 */
export async function claimCode(tx: DbOrTx, codeHash: string, userId: string, now: Date) {
  const [row] = await tx
    .update(redeemCodes)
    .set({ redeemedBy: userId, redeemedAt: now })
    .where(
      and(
        eq(redeemCodes.codeHash, codeHash),
        isNull(redeemCodes.redeemedAt),
        or(isNull(redeemCodes.validUntil), gt(redeemCodes.validUntil, now)),
      ),
    )
    .returning();
  return row;
}

export async function setCodeCreditsExpiry(tx: DbOrTx, id: number, at: Date): Promise<void> {
  await tx.update(redeemCodes).set({ creditsExpireAt: at }).where(eq(redeemCodes.id, id));
}

export async function recentFailures(
  db: DbOrTx,
  userId: string,
  ip: string,
  since: Date,
): Promise<{ forUser: number; fromIp: number }> {
  const [row] = await db
    .select({
      forUser: sql<number>`count(*) FILTER (WHERE ${redeemFailures.userId} = ${userId})::int`,
      fromIp: sql<number>`count(*) FILTER (WHERE ${redeemFailures.ip} = ${ip})::int`,
    })
    .from(redeemFailures)
    .where(
      and(
        gt(redeemFailures.createdAt, since),
        or(eq(redeemFailures.userId, userId), eq(redeemFailures.ip, ip)),
      ),
    );
  return { forUser: Number(row?.forUser ?? 0), fromIp: Number(row?.fromIp ?? 0) };
}

export async function insertFailure(db: DbOrTx, userId: string, ip: string, at: Date): Promise<void> {
  await db.insert(redeemFailures).values({ userId, ip, createdAt: at });
}

export async function subscriptionOf(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ subscription: users.subscription, stripeSubscriptionId: users.stripeSubscriptionId })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function clearSubscription(db: DbOrTx, userId: string): Promise<void> {
  await db.update(users).set({ subscription: false, stripeSubscriptionId: null }).where(eq(users.id, userId));
}

export async function userEmail(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}
