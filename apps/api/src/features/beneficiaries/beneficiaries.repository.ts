import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { beneficiaryAccounts } from '../../db/schema/beneficiary-accounts';

export type BeneficiaryRow = typeof beneficiaryAccounts.$inferSelect;

const isOwnedAndLive = (userId: string) =>
  and(eq(beneficiaryAccounts.userId, userId), isNull(beneficiaryAccounts.deletedAt));

export async function listBeneficiaries(
  tx: Executor,
  options: { userId: string; limit: number; offset: number },
) {
  const rows = await tx
    .select()
    .from(beneficiaryAccounts)
    .where(isOwnedAndLive(options.userId))
    .orderBy(desc(beneficiaryAccounts.createdAt))
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await tx
    .select({ value: count() })
    .from(beneficiaryAccounts)
    .where(isOwnedAndLive(options.userId));
  return { rows, total: total?.value ?? 0 };
}

export async function insertBeneficiary(
  tx: Executor,
  values: typeof beneficiaryAccounts.$inferInsert,
): Promise<BeneficiaryRow> {
  const [row] = await tx.insert(beneficiaryAccounts).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Marks the account deleted when it is the user's own; false when it is not theirs or gone. */
export async function softDeleteBeneficiary(
  tx: Executor,
  options: { userId: string; id: string; at: Date },
): Promise<boolean> {
  const rows = await tx
    .update(beneficiaryAccounts)
    .set({ deletedAt: options.at })
    .where(and(eq(beneficiaryAccounts.id, options.id), isOwnedAndLive(options.userId)))
    .returning({ id: beneficiaryAccounts.id });
  return rows.length > 0;
}

export async function findLiveBeneficiary(tx: Executor, options: { userId: string; id: string }) {
  const [row] = await tx
    .select()
    .from(beneficiaryAccounts)
    .where(and(eq(beneficiaryAccounts.id, options.id), isOwnedAndLive(options.userId)));
  return row;
}

/** Saves the account unless the user already has it; either way answers the saved row. */
export async function saveBeneficiaryOnce(
  tx: Executor,
  values: typeof beneficiaryAccounts.$inferInsert,
): Promise<BeneficiaryRow> {
  await tx
    .insert(beneficiaryAccounts)
    .values(values)
    .onConflictDoNothing({
      target: [
        beneficiaryAccounts.userId,
        beneficiaryAccounts.bankCode,
        beneficiaryAccounts.accountNumber,
      ],
      where: isNull(beneficiaryAccounts.deletedAt),
    });
  const [row] = await tx
    .select()
    .from(beneficiaryAccounts)
    .where(
      and(
        isOwnedAndLive(values.userId),
        eq(beneficiaryAccounts.bankCode, values.bankCode),
        eq(beneficiaryAccounts.accountNumber, values.accountNumber),
      ),
    );
  if (!row) throw new Error('saved beneficiary not found');
  return row;
}

export async function setRecipientCode(
  tx: Executor,
  options: { beneficiaryId: string; recipientCode: string },
) {
  await tx
    .update(beneficiaryAccounts)
    .set({ recipientCode: options.recipientCode })
    .where(eq(beneficiaryAccounts.id, options.beneficiaryId));
}
