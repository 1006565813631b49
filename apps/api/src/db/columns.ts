import { bigint, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The column shapes the tables share, so each is written (and reviewed) once: a key, a moment,
 * an amount of money, a link to another row. Names stay explicit at each use: they are the SQL.
 */

/** Most tables' key: a random UUID the database makes. */
export const uuidKey = () => uuid('id').primaryKey().defaultRandom();

/** A moment, always stored with its time zone (PostgreSQL's timestamptz). */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was made; the database fills it in. */
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** When the row last changed; it starts as the moment of the insert. */
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();

/** Money as integer kobo, read as a JS bigint so no floating point ever touches it (docs/ARCHITECTURE.md#api-conventions). */
export const kobo = (name: string) => bigint(name, { mode: 'bigint' });

/** A link to a row of another table (a foreign key); `.notNull()` where every row has one. */
export const reference = (name: string, target: () => AnyPgColumn) => uuid(name).references(target);
