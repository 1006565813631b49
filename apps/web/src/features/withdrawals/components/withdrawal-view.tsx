import type { Withdrawal } from '@karta/shared/schemas/withdrawals';
import { RecordNotice } from '../../../components/history/record-notice';
import { RecordView } from '../../../components/history/record-view';
import { formatLagosDateTime } from '../../../lib/format-date';
import { formatNaira } from '../../../lib/format-money';
import type { BackLink } from '../../../lib/record-links';
import { getWithdrawalFacts } from './withdrawal-facts';
import { WithdrawalTimeline } from './withdrawal-timeline';

/** Said when the provider gave no reason: never leave a failure without words (docs/brand.md). */
const UNKNOWN_FAILURE = 'The bank did not accept the transfer.';

/** Why the withdrawal failed before payment, or how the bank returned it after. */
function PayoutOutcome({ withdrawal }: { withdrawal: Withdrawal }) {
  if (withdrawal.reversed_at) {
    return (
      <RecordNotice label="Returned by the bank" tone="pending">
        <h2 className="font-bold text-pending">Returned by the bank</h2>
        <p className="mt-1 text-ink">
          {withdrawal.bank_name} sent this payout back on{' '}
          <time dateTime={withdrawal.reversed_at}>
            {formatLagosDateTime(withdrawal.reversed_at)}
          </time>
          , after it had been paid. The money is back in your Karta wallet, ready to withdraw again.
        </p>
        {withdrawal.failure_reason && (
          <p className="mt-2 text-ink">
            <span className="font-semibold">The bank said:</span> {withdrawal.failure_reason}
          </p>
        )}
      </RecordNotice>
    );
  }
  if (withdrawal.status !== 'failed') return null;
  return (
    <RecordNotice label="Why the withdrawal failed" tone="rejected">
      <h2 className="font-bold text-rejected">Why it failed</h2>
      <p className="mt-1 text-ink">{withdrawal.failure_reason ?? UNKNOWN_FAILURE}</p>
      <p className="mt-2 text-ink">
        The <span className="money">{formatNaira(withdrawal.total)}</span> held for it is back in
        your wallet. You can withdraw it again.
      </p>
    </RecordNotice>
  );
}

/** A loaded withdrawal: status, why it failed or came back, numbers and timeline. */
export function WithdrawalView({ withdrawal, back }: { withdrawal: Withdrawal; back: BackLink }) {
  return (
    <RecordView
      header={{
        back,
        title: `Withdrawal to ${withdrawal.bank_name}`,
        subtitle: `${formatNaira(withdrawal.amount)} · ${formatLagosDateTime(withdrawal.created_at)}`,
        subtitleClassName: 'money',
        status: withdrawal.status,
      }}
      notices={<PayoutOutcome withdrawal={withdrawal} />}
      facts={getWithdrawalFacts(withdrawal)}
      timeline={<WithdrawalTimeline withdrawal={withdrawal} />}
    />
  );
}
