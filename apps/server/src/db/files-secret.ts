import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * The secret that signs private file URLs when FILES_SECRET is not set: made once, kept in the
 * database, so every process of a deployment signs and checks alike.
 */
export async function filesSecret(db: Db): Promise<string> {
  const made = randomBytes(32).toString('base64url');
  await db.execute(
    sql`INSERT INTO app_state (key, value) VALUES ('files_secret', ${made}) ON CONFLICT (key) DO NOTHING`,
  );
  const result: unknown = await db.execute(sql`SELECT value FROM app_state WHERE key = 'files_secret'`);
  const value = (result as { rows: { value: string }[] }).rows[0]?.value;
  if (!value) throw new Error('files secret not stored');
  return value;
}
