import type { AppContext } from '../../app-context';
import { formatKoboForPeople } from '@karta/shared/money';
import * as users from '../../lib/users';
import { buildNoticeMail } from '../mail/mail-layout';
import type { WithdrawalRow } from './withdrawals.repository';

export type WithdrawalNews = 'successful' | 'failed' | 'reversed';

const maskedAccount = (row: WithdrawalRow) => `${row.bankName} ••••${row.accountNumber.slice(-4)}`;

/** Tells the owner what happened to their money. Sent after the commit; a failure is logged. */
export async function mailWithdrawalNews(
  ctx: AppContext,
  row: WithdrawalRow,
  news: WithdrawalNews,
  /** Automatic withdrawal was turned off by this failure: the words that say so. */
  autoStopped?: string,
) {
  const user = await users.findUserById(ctx.db, row.userId);
  if (!user || user.status === 'deleted') return;
  const amount = formatKoboForPeople(row.amountKobo);
  const total = formatKoboForPeople(row.amountKobo + row.feeKobo);
  const content = {
    successful: {
      subject: `${amount} is on its way to ${maskedAccount(row)}`,
      paragraphs: [
        `Your withdrawal of ${amount} to ${row.accountName}, ${maskedAccount(row)}, has been paid out. Most banks show it within minutes.`,
        `Reference: ${row.reference}.`,
      ],
      highlight: { label: 'Paid out', value: amount },
    },
    failed: {
      subject: `Your withdrawal of ${amount} did not go through`,
      paragraphs: [
        `We could not pay ${amount} to ${maskedAccount(row)}. ${row.failureReason ?? ''}`.trim(),
        `The full ${total} (amount and fee) is back in your Karta wallet. You can try again, or use another account.`,
      ],
      highlight: { label: 'Back in your wallet', value: total },
    },
    reversed: {
      subject: `Your bank returned ${amount}`,
      paragraphs: [
        `${maskedAccount(row)} returned the ${amount} we paid out (reference ${row.reference}).`,
        `The full ${total} (amount and fee) is back in your Karta wallet.`,
      ],
      highlight: { label: 'Back in your wallet', value: total },
    },
  }[news];
  if (autoStopped) content.paragraphs.push(autoStopped);
  try {
    await ctx.mailer.send(
      buildNoticeMail({
        to: user.email,
        firstName: user.firstName,
        ...content,
        link: {
          label: 'See the withdrawal',
          url: `${ctx.config.publicUrl}/dashboard/overview/recent-transactions/withdrawal-history/${row.reference}`,
        },
        supportEmail: ctx.config.supportEmail,
      }),
    );
  } catch (err) {
    ctx.log.error({ err, reference: row.reference }, 'withdrawal mail could not be sent');
  }
}
