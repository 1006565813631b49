import { sql } from 'drizzle-orm';
import type { Database } from '@karta/api/harness';

/**
 * The ledger's invariants, checked in SQL after a money benchmark: each ledger transaction sums
 * to zero, each balance equals its postings and its last running balance, no user below zero.
 */
export interface LedgerChecks {
  unbalancedTransactions: number;
  driftedBalances: number;
  wrongRunningBalances: number;
  negativeUserBalances: number;
  /** Platform postings still waiting to be applied (each should be, as its transaction commits). */
  pendingPostings: number;
}

/** The whole ledger: transactions sum to zero, balances to their postings, no user below zero. */
export async function checkLedger(db: Database): Promise<LedgerChecks> {
  const one = async (query: ReturnType<typeof sql>) => {
    const result = await db.execute<{ n: number }>(query);
    return result.rows[0]?.n ?? -1;
  };
  return {
    unbalancedTransactions: await one(sql`
      select count(*)::int as n from (
        select transaction_id from ledger_postings group by transaction_id having sum(amount) <> 0) x`),
    driftedBalances: await one(sql`
      select count(*)::int as n from (
        select b.account_id from ledger_balances b
          left join ledger_postings p on p.account_id = b.account_id
         group by b.account_id, b.available
        having b.available <> coalesce(sum(p.amount), 0)) x`),
    wrongRunningBalances: await one(sql`
      select count(*)::int as n from ledger_balances b
        join lateral (select balance_after from ledger_postings p where p.account_id = b.account_id
                       order by p.id desc limit 1) last on true
       where b.available <> last.balance_after`),
    negativeUserBalances: await one(sql`
      select count(*)::int as n from ledger_balances where is_user_account and available < 0`),
    pendingPostings: await one(sql`select count(*)::int as n from ledger_pending_postings`),
  };
}

export function ledgerProblems(checks: LedgerChecks): string[] {
  const problems: string[] = [];
  if (checks.unbalancedTransactions > 0) {
    problems.push(`${checks.unbalancedTransactions} ledger transactions do not sum to zero`);
  }
  if (checks.driftedBalances > 0) {
    problems.push(`${checks.driftedBalances} balances differ from the sum of their postings`);
  }
  if (checks.wrongRunningBalances > 0) {
    problems.push(`${checks.wrongRunningBalances} balances differ from their last running balance`);
  }
  if (checks.negativeUserBalances > 0) {
    problems.push(`${checks.negativeUserBalances} user balances below zero`);
  }
  if (checks.pendingPostings > 0) {
    problems.push(`${checks.pendingPostings} platform postings left unapplied after their commit`);
  }
  return problems;
}

/** Deadlocks PostgreSQL has detected in this database since it started. */
export async function deadlocksDetected(db: Database): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    select deadlocks::int as n from pg_stat_database where datname = current_database()`);
  return result.rows[0]?.n ?? 0;
}
