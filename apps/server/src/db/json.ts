import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * One row of `table` as a JSON value (`to_json`), for reading several things in one query:
 * a row, a list of rows (`json_agg`) and a figure side by side cost one round trip instead of
 * one each. `fromRowJson` turns it back into the row Drizzle would have returned.
 */
export function rowJson(table: PgTable): SQL {
  return sql`to_json(${table})`;
}

/** The Drizzle row of a `rowJson` value: column names to keys, timestamps to Dates. */
export function fromRowJson<T extends PgTable>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name] ?? null;
    row[key] = value !== null && column.dataType === 'date' ? new Date(value as string) : value;
  }
  return row;
}
