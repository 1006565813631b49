import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { payoutAlerts } from '../../db/schema/payout-alerts';
import { withdrawals } from '../../db/schema/withdrawals';

/** The alert with its withdrawal's reference, locked: two admins resolving it take turns. */
export async function lockAlert(tx: Executor, id: string) {
  const [row] = await tx
    .select({ alert: payoutAlerts, reference: withdrawals.reference })
    .from(payoutAlerts)
    .innerJoin(withdrawals, eq(withdrawals.id, payoutAlerts.withdrawalId))
    .where(eq(payoutAlerts.id, id))
    .for('update', { of: payoutAlerts });
  return row;
}

export async function markResolved(tx: Executor, id: string, at: Date) {
  const [row] = await tx
    .update(payoutAlerts)
    .set({ resolvedAt: at })
    .where(eq(payoutAlerts.id, id))
    .returning();
  if (!row) throw new Error(`payout alert ${id} vanished while locked`);
  return row;
}
