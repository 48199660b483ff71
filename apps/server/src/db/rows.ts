/**
 * The one row a statement must answer (an INSERT ... RETURNING, an aggregate): a missing row is a
 * bug or a broken database, never a user's mistake, so it throws.
 */
export function onlyRow<T>(rows: readonly T[], what: string): T {
  const [row] = rows;
  if (!row) throw new Error(`${what} returned no row`);
  return row;
}
