import type { Withdrawal } from '@karta/shared/schemas/withdrawals';
import { RecordHeader } from '../../../components/history/record-header';
import { formatLagosDateTime } from '../../../lib/format-date';
import { formatNaira } from '../../../lib/format-money';
import { WithdrawalFacts } from './withdrawal-facts';
import { WithdrawalTimeline } from './withdrawal-timeline';

const CARD = 'rounded-[12px] bg-white p-4 md:p-6';

/** Said when the provider gave no reason: never leave a failure without words (BRAND.md). */
const UNKNOWN_FAILURE = 'The bank did not accept the transfer.';

/** A loaded withdrawal: status, why it failed or came back, numbers and timeline. */
export function WithdrawalView({
  withdrawal,
  back,
}: {
  withdrawal: Withdrawal;
  back: { to: string; label: string };
}) {
  // A reversal has its own words; a failure before payment has these.
  const isFailed = withdrawal.status === 'failed' && !withdrawal.reversed_at;
  return (
    <div className="flex flex-col gap-5">
      <RecordHeader
        back={back}
        title={`Withdrawal to ${withdrawal.bank_name}`}
        subtitle={`${formatNaira(withdrawal.amount)} · ${formatLagosDateTime(withdrawal.created_at)}`}
        subtitleClassName="money"
        status={withdrawal.status}
      />

      {isFailed && (
        <section
          aria-label="Why the withdrawal failed"
          className="rounded-[12px] bg-rejected-bg p-4"
        >
          <h2 className="font-bold text-rejected">Why it failed</h2>
          <p className="mt-1 text-ink">{withdrawal.failure_reason ?? UNKNOWN_FAILURE}</p>
          <p className="mt-2 text-ink">
            The <span className="money">{formatNaira(withdrawal.total)}</span> held for it is back
            in your wallet. You can withdraw it again.
          </p>
        </section>
      )}
      {withdrawal.reversed_at && (
        <section aria-label="Returned by the bank" className="rounded-[12px] bg-pending-bg p-4">
          <h2 className="font-bold text-pending">Returned by the bank</h2>
          <p className="mt-1 text-ink">
            {withdrawal.bank_name} sent this payout back on{' '}
            <time dateTime={withdrawal.reversed_at}>
              {formatLagosDateTime(withdrawal.reversed_at)}
            </time>
            , after it had been paid. The money is back in your Karta wallet, ready to withdraw
            again.
          </p>
          {withdrawal.failure_reason && (
            <p className="mt-2 text-ink">
              <span className="font-semibold">The bank said:</span> {withdrawal.failure_reason}
            </p>
          )}
        </section>
      )}

      <section aria-labelledby="withdrawal-details-title" className={CARD}>
        <h2 id="withdrawal-details-title" className="mb-4 text-lg font-bold text-ink">
          Details
        </h2>
        <WithdrawalFacts withdrawal={withdrawal} />
      </section>
      <section aria-labelledby="withdrawal-timeline-title" className={CARD}>
        <h2 id="withdrawal-timeline-title" className="mb-4 text-lg font-bold text-ink">
          Timeline
        </h2>
        <WithdrawalTimeline withdrawal={withdrawal} />
      </section>
    </div>
  );
}
