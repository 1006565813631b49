import { CURRENCY } from '@karta/shared/constants';
import type { PageQuery } from '@karta/shared/schemas/common';
import type { StatementEntry, Wallet } from '@karta/shared/schemas/wallet';
import type { AppContext, DeletionGuard } from '../../app-context';
import { koboToNaira } from '@karta/shared/money';
import { offsetOf, pageMeta } from '../../lib/paging';
import { getUserBalances, listWalletPostings } from '../ledger/ledger.service';

export async function getWallet(ctx: AppContext, userId: string): Promise<Wallet> {
  const { availableKobo, heldKobo } = await getUserBalances(ctx.db, userId);
  return {
    balance: koboToNaira(availableKobo),
    pending_withdrawals: koboToNaira(heldKobo),
    currency: CURRENCY,
  };
}

/** The wallet's entries, newest first, each with the balance it left. */
export async function getStatement(ctx: AppContext, options: { userId: string; page: PageQuery }) {
  const { rows, total } = await listWalletPostings(ctx.db, {
    userId: options.userId,
    limit: options.page.size,
    offset: offsetOf(options.page),
  });
  const data: StatementEntry[] = rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    description: row.description,
    amount: koboToNaira(BigInt(row.amount)),
    balance_after: koboToNaira(BigInt(row.balance_after)),
    reference: row.reference,
    created_at: new Date(row.created_at).toISOString(),
  }));
  return { data, meta: pageMeta(options.page, total) };
}

const WALLET_NOT_EMPTY =
  'Your wallet still holds money. Withdraw it before you delete your account.';

/**
 * An account with money in it, or on its way to a bank, cannot be deleted: nobody could
 * withdraw it afterwards. Runs inside the deletion's transaction.
 */
export const walletMustBeEmpty: DeletionGuard = async (userId, tx) => {
  const { availableKobo, heldKobo } = await getUserBalances(tx, userId);
  return availableKobo > 0n || heldKobo > 0n ? WALLET_NOT_EMPTY : null;
};
