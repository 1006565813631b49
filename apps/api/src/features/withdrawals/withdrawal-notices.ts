import { formatKoboForPeople } from '@karta/shared/money';
import { withdrawalHref } from '@karta/shared/web-paths';
import type { Executor } from '../../db/client';
import { recordNotice } from '../notices/notices.service';
import type { WithdrawalNews } from './withdrawal-mails';
import type { WithdrawalRow } from './withdrawals.repository';

const maskedAccount = (row: WithdrawalRow) => `${row.bankName} ••••${row.accountNumber.slice(-4)}`;

/** The seller's words for the failure (payout-failure-words.ts, or the admin's), as one sentence after the first. */
const reasonOf = (row: WithdrawalRow) => {
  const reason = row.failureReason?.trim();
  if (!reason) return '';
  return ` ${reason}${/[.!?]$/.test(reason) ? '' : '.'}`;
};

/**
 * The bell's words for a withdrawal that settled (decision 040), in the transaction of the
 * state change: paid, failed (money back), or paid and then returned by the bank (money back).
 */
export async function noticeWithdrawalNews(
  tx: Executor,
  row: WithdrawalRow,
  news: WithdrawalNews,
  at: Date,
) {
  const amount = formatKoboForPeople(row.amountKobo);
  const total = formatKoboForPeople(row.amountKobo + row.feeKobo);
  const words = {
    successful: {
      kind: 'withdrawal_paid' as const,
      title: `Withdrawal paid: ${amount}`,
      body: `${amount} was sent to ${row.accountName}, ${maskedAccount(row)}. Most banks show it within minutes. Reference ${row.reference}.`,
    },
    failed: {
      kind: 'withdrawal_failed' as const,
      title: `Withdrawal failed: ${amount}`,
      body: `We could not pay ${amount} to ${maskedAccount(row)}.${reasonOf(row)} The full ${total} (amount and fee) is back in your wallet.`,
    },
    reversed: {
      kind: 'withdrawal_failed' as const,
      title: `Withdrawal returned: ${amount}`,
      body: `${maskedAccount(row)} returned the ${amount} we paid out (reference ${row.reference}). The full ${total} (amount and fee) is back in your wallet.`,
    },
  }[news];
  await recordNotice(tx, { userId: row.userId, ...words, link: withdrawalHref(row.reference), at });
}
