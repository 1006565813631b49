import { asc, eq } from 'drizzle-orm';
import type { DataExport } from '@karta/shared/schemas/data-export';
import type { Executor } from '../../db/client';
import { accountApprovals } from '../../db/schema/account-approvals';
import { beneficiaryAccounts } from '../../db/schema/beneficiary-accounts';

/**
 * Every bank account the seller saved, oldest first, removed ones too: a removed account is
 * kept so past withdrawals can say where the money went, so the export says so. The
 * provider's recipient code is plumbing and stays out.
 */
export async function exportBeneficiaries(
  tx: Executor,
  userId: string,
): Promise<DataExport['beneficiaries']> {
  const rows = await tx
    .select()
    .from(beneficiaryAccounts)
    .where(eq(beneficiaryAccounts.userId, userId))
    .orderBy(asc(beneficiaryAccounts.createdAt), asc(beneficiaryAccounts.id));
  return rows.map((row) => ({
    id: row.id,
    bank_name: row.bankName,
    bank_code: row.bankCode,
    account_number: row.accountNumber,
    account_name: row.accountName,
    created_at: row.createdAt.toISOString(),
    removed_at: row.deletedAt?.toISOString() ?? null,
  }));
}

/** The seller's requests to use an account in another name, oldest first, with the answers. */
export async function exportAccountApprovals(
  tx: Executor,
  userId: string,
): Promise<DataExport['account_approvals']> {
  const rows = await tx
    .select()
    .from(accountApprovals)
    .where(eq(accountApprovals.userId, userId))
    .orderBy(asc(accountApprovals.createdAt), asc(accountApprovals.id));
  return rows.map((row) => ({
    bank_name: row.bankName,
    bank_code: row.bankCode,
    account_number: row.accountNumber,
    account_name: row.accountName,
    status: row.status,
    asked_at: row.createdAt.toISOString(),
    answered_at: row.decidedAt?.toISOString() ?? null,
    note: row.note,
  }));
}
