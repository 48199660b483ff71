import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { sessions, users, type User } from '../../db/schema';
import { onlyRow } from '../../db/rows';

export async function findTourist(db: DbOrTx, codeHash: string): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.touristCodeHash, codeHash));
  return row;
}

export async function setNetwork(db: DbOrTx, userId: string, network: string): Promise<void> {
  await db.update(users).set({ network }).where(eq(users.id, userId));
}

export async function findOrCreateTourist(db: DbOrTx, codeHash: string, network: string): Promise<User> {
  const [created] = await db
    .insert(users)
    .values({ type: 0, touristCodeHash: codeHash, network })
    .onConflictDoNothing({ target: users.touristCodeHash })
    .returning();
  if (created) return created;
  const [existing] = await db.select().from(users).where(eq(users.touristCodeHash, codeHash));
  if (!existing) throw new Error('tourist vanished between insert and select');
  return existing;
}

export async function insertSession(
  db: Db,
  userId: string,
  ticketHash: string,
  expiresAt: Date,
): Promise<string> {
  const rows = await db
    .insert(sessions)
    .values({ userId, ticketHash, expiresAt })
    .returning({ id: sessions.id });
  return onlyRow(rows, 'session insert').id;
}

/** The live session for a ticket hash with its user, if the ticket is valid now. */
export async function findLiveSession(db: Db, ticketHash: string, now: Date) {
  const [row] = await db
    .select({ sessionId: sessions.id, expiresAt: sessions.expiresAt, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.ticketHash, ticketHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        isNull(users.deletedAt),
      ),
    );
  return row;
}

export async function revokeSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}
