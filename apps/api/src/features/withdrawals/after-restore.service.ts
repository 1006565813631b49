import type {
  ListedTransfer,
  PayoutProvider,
  TransferStatus,
} from '../../adapters/payouts/payouts';
import type { Database } from '../../db/client';
import { findRestoredWithdrawals, type RestoredWithdrawal } from './after-restore.repository';

/**
 * Transfers are listed from this long before the restore point: the provider's clock and the
 * database's may disagree by a little, and an operator's "restored to 14:05" is rarely exact to
 * the second. A transfer in the margin whose withdrawal the restore kept agrees and is not listed.
 */
export const RESTORE_MARGIN_MS = 5 * 60 * 1000;

/** Karta's own references (`wd_` + the withdrawal id's hex); anything else at the provider is not ours. */
const KARTA_REFERENCE = /^wd_[0-9a-f]{32}$/;

/** The restored database could not be read (unreachable, wrong password, not Karta's schema). */
export class RestoredDatabaseUnreadable extends Error {
  constructor(options: ErrorOptions) {
    super('the restored database could not be read', options);
    this.name = 'RestoredDatabaseUnreadable';
  }
}

interface TransferAhead {
  reference: string;
  amountKobo: bigint;
  providerStatus: TransferStatus;
  /** Why the provider failed or reversed it, in its words; null otherwise. */
  providerReason: string | null;
  createdAt: Date;
  /** The withdrawal as the restored database has it; null when it has no such row. */
  restored: RestoredWithdrawal | null;
  /** What an operator must reconcile by hand, in a few words. */
  finding: string;
}

export interface AfterRestoreReport {
  /** The restore point the operator gave, and where listing began (`RESTORE_MARGIN_MS` before). */
  since: Date;
  listedFrom: Date;
  listedTo: Date;
  /** Transfers the provider made in the window with Karta's references, and with others. */
  checked: number;
  notKarta: number;
  /**
   * Transfers with no withdrawal that failed or came back: nothing left the balance, and the
   * restored wallet, which never held the money for them, is right. Counted, not listed.
   */
  missingUnpaid: number;
  /** Oldest first: the transfers the restored database does not account for. */
  ahead: TransferAhead[];
}

/**
 * Why a transfer and its restored withdrawal disagree, or null when they agree or reconciliation
 * settles it by itself: a restored `pending`/`processing` withdrawal is asked about again within a
 * minute or two (reconciliation.ts), and the payout job asks the provider before paying.
 */
function findingFor(restored: RestoredWithdrawal | null, provider: TransferStatus): string | null {
  if (!restored) {
    if (provider === 'failed' || provider === 'reversed') return null;
    return provider === 'succeeded'
      ? 'no withdrawal: paid out, hold rolled back'
      : 'no withdrawal: still pending at the provider, hold rolled back';
  }
  if (restored.status === 'pending' || restored.status === 'processing') return null;
  if (restored.status === 'failed') {
    if (provider === 'failed' || provider === 'reversed') return null;
    return provider === 'succeeded'
      ? 'paid at the provider, refunded in the database'
      : 'still pending at the provider, refunded in the database';
  }
  // Successful in the restored database: paid, and perhaps reversed since.
  if (restored.reversed) {
    return provider === 'reversed' ? null : `reversed in the database, ${provider} at the provider`;
  }
  if (provider === 'succeeded') return null;
  return provider === 'reversed'
    ? 'reversed at the provider, still paid in the database'
    : `${provider} at the provider, paid in the database`;
}

/**
 * After the database was restored to `since`, the provider is ahead of it: every transfer it made
 * from `since` (less the margin) to `now` that the restored database does not account for.
 * `restored` is read only; nothing is written anywhere.
 */
export async function findTransfersAheadOfRestore(options: {
  payouts: PayoutProvider;
  restored: Database;
  since: Date;
  now?: Date;
}): Promise<AfterRestoreReport> {
  const { payouts, restored, since } = options;
  const listedFrom = new Date(since.getTime() - RESTORE_MARGIN_MS);
  const listedTo = options.now ?? new Date();
  const listed = await payouts.listTransfers({ from: listedFrom, to: listedTo });
  const ours = listed.filter((transfer) => KARTA_REFERENCE.test(transfer.reference));
  const rows = await findRestoredWithdrawals(
    restored,
    ours.map((transfer) => transfer.reference),
  ).catch((error: unknown) => {
    throw new RestoredDatabaseUnreadable({ cause: error });
  });
  const ahead = ours.flatMap((transfer: ListedTransfer): TransferAhead[] => {
    const row = rows.get(transfer.reference) ?? null;
    const finding = findingFor(row, transfer.status);
    if (finding === null) return [];
    return [
      {
        reference: transfer.reference,
        amountKobo: transfer.amountKobo,
        providerStatus: transfer.status,
        providerReason: transfer.reason,
        createdAt: transfer.createdAt,
        restored: row,
        finding,
      },
    ];
  });
  ahead.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return {
    since,
    listedFrom,
    listedTo,
    checked: ours.length,
    notKarta: listed.length - ours.length,
    missingUnpaid: ours.filter(
      (transfer) =>
        !rows.has(transfer.reference) &&
        (transfer.status === 'failed' || transfer.status === 'reversed'),
    ).length,
    ahead,
  };
}
