import { asc, eq } from 'drizzle-orm';
import { koboToNaira } from '@karta/shared/money';
import type { DataExport } from '@karta/shared/schemas/data-export';
import type { Executor } from '../../db/client';
import { withdrawals } from '../../db/schema/withdrawals';

const iso = (at: Date | null) => at?.toISOString() ?? null;

/**
 * Every withdrawal of the seller, oldest first, for their data export: where the money went and
 * what became of it. The client's Idempotency-Key, the request's hash and the provider's
 * recipient code are plumbing, not the seller's data, and stay out.
 */
export async function exportWithdrawals(
  tx: Executor,
  userId: string,
): Promise<DataExport['withdrawals']> {
  const rows = await tx
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.userId, userId))
    .orderBy(asc(withdrawals.createdAt), asc(withdrawals.id));
  return rows.map((row) => ({
    id: row.id,
    reference: row.reference,
    amount: koboToNaira(row.amountKobo),
    fee: koboToNaira(row.feeKobo),
    status: row.status,
    provider: row.provider,
    bank_name: row.bankName,
    bank_code: row.bankCode,
    account_number: row.accountNumber,
    account_name: row.accountName,
    failure_reason: row.failureReason,
    is_automatic: row.tradeId !== null,
    trade_id: row.tradeId,
    created_at: row.createdAt.toISOString(),
    processing_at: iso(row.processingAt),
    completed_at: iso(row.completedAt),
    reversed_at: iso(row.reversedAt),
  }));
}
