import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../src/db/client';
import { ledgerTransactions } from '../src/db/schema/ledger';

/**
 * The ledger's invariants, checked straight in the database after every money test: each
 * ledger transaction's postings sum to zero, each balance row equals the sum of its account's
 * postings (and its last running balance), and no user balance is below zero.
 */
export async function expectLedgerConsistent(db: Database): Promise<void> {
  const unbalanced = await db.execute(sql`
    select transaction_id, sum(amount)::text as total from ledger_postings
     group by transaction_id having sum(amount) <> 0`);
  expect(unbalanced.rows, 'ledger transactions that do not sum to zero').toEqual([]);

  const drifted = await db.execute(sql`
    select b.account_id, b.available::text, coalesce(sum(p.amount), 0)::text as posted
      from ledger_balances b left join ledger_postings p on p.account_id = b.account_id
     group by b.account_id, b.available
    having b.available <> coalesce(sum(p.amount), 0)`);
  expect(drifted.rows, 'balances that differ from the sum of their postings').toEqual([]);

  const wrongRunning = await db.execute(sql`
    select p.account_id from ledger_postings p
      join lateral (select max(id) as last_id from ledger_postings where account_id = p.account_id) l
        on l.last_id = p.id
      join ledger_balances b on b.account_id = p.account_id
     where b.available <> p.balance_after`);
  expect(wrongRunning.rows, 'accounts whose last running balance is not their balance').toEqual([]);

  const negative = await db.execute(sql`
    select account_id from ledger_balances where is_user_account and available < 0`);
  expect(negative.rows, 'user balances below zero').toEqual([]);
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
