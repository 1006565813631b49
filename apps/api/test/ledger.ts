import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../src/db/client';
import { ledgerTransactions } from '../src/db/schema/ledger';
import { findLedgerProblems } from '../src/features/ledger/ledger-checks.service';

/** The ledger's invariants (findLedgerProblems), checked after every money test. */
export async function expectLedgerConsistent(db: Database): Promise<void> {
  for (const [problem, rows] of Object.entries(await findLedgerProblems(db))) {
    expect(rows, problem).toEqual([]);
  }
}

/** trade_counts (kept by a trigger) agrees with counting the trades themselves. */
export async function expectTradeCountsConsistent(db: Database): Promise<void> {
  const drifted = await db.execute(sql`
    select coalesce(c.user_id, t.user_id) as user_id, coalesce(c.status, t.status) as status,
           c.n, t.counted
      from (select * from trade_counts where n > 0) c
      full join (select user_id, status, count(*)::int as counted from trades group by 1, 2) t
        on t.user_id = c.user_id and t.status = c.status
     where c.n is distinct from t.counted`);
  expect(drifted.rows, 'trade counts that differ from the trades').toEqual([]);
}

/** The ledger transactions that credited a trade's seller: one once approved, none before. */
export const tradeCreditsOf = (db: Database, tradeId: string) =>
  db
    .select()
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, `trade:${tradeId}:credit`));
