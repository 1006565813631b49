import { sql } from 'drizzle-orm';
import { check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz, uuidKey } from '../columns';

/**
 * The database backups that finished (decision 068): the backup command inserts one row after
 * pgBackRest reports success, and `/metrics` shows the age of the newest
 * (`karta_database_backup_age_seconds`), so a backup that stopped happening raises an alert.
 * Karta itself only reads it.
 */
export const databaseBackups = pgTable(
  'database_backups',
  {
    id: uuidKey(),
    /** pgBackRest's label of the backup, e.g. `20261128-021500F`. */
    label: text('label').notNull(),
    /** `full`, `diff` or `incr`, as pgBackRest names its backup types. */
    kind: text('kind').notNull(),
    startedAt: timestamptz('started_at').notNull(),
    finishedAt: timestamptz('finished_at').notNull(),
  },
  (t) => [
    check('database_backups_kind_check', sql`${t.kind} in ('full', 'diff', 'incr')`),
    check('database_backups_finished_after_start', sql`${t.finishedAt} >= ${t.startedAt}`),
    // The newest one is what the scrape reads: one probe of the index, however many rows.
    index('database_backups_finished_idx').on(t.finishedAt),
  ],
);
