import { bigserial, timestamp } from 'drizzle-orm/pg-core';

/** A row number as the primary key. */
export const serialId = () => bigserial('id', { mode: 'number' }).primaryKey();

/** A moment, with its time zone: every time column of the schema. */
export const at = (name: string) => timestamp(name, { withTimezone: true });

/** `created_at`, set by the database on insert. */
export const createdAt = () => at('created_at').notNull().defaultNow();

/** created_at and updated_at, both set by the database on insert. */
export const timestamps = {
  createdAt: createdAt(),
  updatedAt: at('updated_at').notNull().defaultNow(),
};
