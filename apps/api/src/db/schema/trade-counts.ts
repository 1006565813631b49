import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { reference } from '../columns';
import { tradeStatus } from './trades';
import { users } from './users';

/**
 * How many trades each user has in each status, kept by a trigger on `trades`: the history's
 * `meta.total` reads one or four rows here instead of counting thousands of trades.
 */
export const tradeCounts = pgTable(
  'trade_counts',
  {
    userId: reference('user_id', () => users.id).notNull(),
    status: tradeStatus('status').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.status] }),
    check('trade_counts_not_negative', sql`${t.n} >= 0`),
  ],
);
