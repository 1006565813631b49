import { inArray } from 'drizzle-orm';
import type { WithdrawalStatus } from '@karta/shared/constants';
import type { Database } from '../../db/client';
import { withdrawals } from '../../db/schema/withdrawals';

export interface RestoredWithdrawal {
  status: WithdrawalStatus;
  /** A successful payout the provider later reversed (reversed_at set). */
  reversed: boolean;
}

/** Bound parameters a statement may take are many; a few thousand references a query is plenty. */
const REFERENCES_A_QUERY = 1_000;

/**
 * The restored database's withdrawals by reference, read in a read-only transaction: the copy
 * an operator points this at may be the one production runs on, and nothing here changes it.
 */
export async function findRestoredWithdrawals(
  restored: Database,
  references: string[],
): Promise<Map<string, RestoredWithdrawal>> {
  const found = new Map<string, RestoredWithdrawal>();
  await restored.transaction(
    async (tx) => {
      // Read even with nothing to look up: a wrong URL or a database that is not Karta's must
      // stop the check, not answer "nothing ahead".
      await tx.select({ reference: withdrawals.reference }).from(withdrawals).limit(1);
      for (let start = 0; start < references.length; start += REFERENCES_A_QUERY) {
        const rows = await tx
          .select({
            reference: withdrawals.reference,
            status: withdrawals.status,
            reversedAt: withdrawals.reversedAt,
          })
          .from(withdrawals)
          .where(
            inArray(withdrawals.reference, references.slice(start, start + REFERENCES_A_QUERY)),
          );
        for (const row of rows) {
          found.set(row.reference, { status: row.status, reversed: row.reversedAt !== null });
        }
      }
    },
    { accessMode: 'read only' },
  );
  return found;
}
