import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * The ledger's invariants (decision 011), as rows that break them: each ledger transaction's
 * postings sum to zero, each balance equals the sum of its account's postings and its last
 * running balance, no user balance is below zero. Every list empty: the books hold. The tests
 * check them after every money test; the restore command checks a restored copy with them; the
 * same queries are in docs/deploy.md for an operator's psql.
 */
export async function findLedgerProblems(db: Database): Promise<Record<string, unknown[]>> {
  const unbalanced = await db.execute(sql`
    select transaction_id, sum(amount)::text as total from ledger_postings
     group by transaction_id having sum(amount) <> 0`);
  const drifted = await db.execute(sql`
    select b.account_id, b.available::text, coalesce(sum(p.amount), 0)::text as posted
      from ledger_balances b left join ledger_postings p on p.account_id = b.account_id
     group by b.account_id, b.available
    having b.available <> coalesce(sum(p.amount), 0)`);
  const wrongRunning = await db.execute(sql`
    select p.account_id from ledger_postings p
      join lateral (select max(id) as last_id from ledger_postings where account_id = p.account_id) l
        on l.last_id = p.id
      join ledger_balances b on b.account_id = p.account_id
     where b.available <> p.balance_after`);
  const negative = await db.execute(sql`
    select account_id from ledger_balances where is_user_account and available < 0`);
  return {
    'ledger transactions that do not sum to zero': unbalanced.rows,
    'balances that differ from the sum of their postings': drifted.rows,
    'accounts whose last running balance is not their balance': wrongRunning.rows,
    'user balances below zero': negative.rows,
  };
}
