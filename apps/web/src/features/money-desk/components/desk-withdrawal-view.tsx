import type { DeskWithdrawalDetail } from '@karta/shared/schemas/withdrawal-desk';
import type { ReactNode } from 'react';
import { RecordHeader } from '../../../components/history/record-header';
import { RecordSection } from '../../../components/history/record-section';
import { formatLagosDateTime } from '../../../lib/format-date';
import { selectUser } from '../../../lib/session/auth-slice';
import { useAppSelector } from '../../../lib/store/hooks';
import { formatDeskNaira } from '../desk-money';
import { DeskTimeline } from './desk-timeline';
import { FailRefundPanel } from './fail-refund-panel';
import { RecheckButton } from './recheck-button';

/** The ledger's account names, in an operator's words. */
const ACCOUNT_WORDS: Record<string, string> = {
  user_wallet: 'Seller’s wallet',
  user_withdrawal_hold: 'Held for the withdrawal',
  payouts_in_flight: 'Payouts (Karta)',
  payout_fees: 'Fee income (Karta)',
};

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt className="text-sm text-slate">{term}</dt>
          <dd className="font-semibold break-words text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Everything about one payout, and what an operator (or an admin) can do about it. */
export function DeskWithdrawalView({
  withdrawal: w,
  back,
}: {
  withdrawal: DeskWithdrawalDetail;
  back: { to: string; label: string };
}) {
  const isAdmin = useAppSelector(selectUser)?.role === 'admin';
  const isOpen = w.status === 'pending' || w.status === 'processing';
  return (
    <div className="flex flex-col gap-5">
      <RecordHeader
        back={back}
        title={<span className="font-mono text-xl md:text-2xl">{w.transaction_id}</span>}
        // Only the figure keeps to one line: the sentence wraps on a phone.
        subtitle={
          <>
            <span className="money">{formatDeskNaira(w.amount)}</span> to {w.bank_name}, requested{' '}
            {formatLagosDateTime(w.created_at)}
          </>
        }
        status={w.status}
      />
      {w.alerts
        .filter((alert) => !alert.resolved_at)
        .map((alert) => (
          <section
            key={alert.id}
            role="alert"
            aria-label="Payout alert"
            className="rounded-[12px] border border-rejected bg-rejected-bg p-4 text-rejected"
          >
            <p className="font-bold">Paid after the refund: the seller has this money twice</p>
            <p className="mt-1 text-sm">
              {alert.detail} Raised {formatLagosDateTime(alert.created_at)}. Nothing more was paid;
              recover {formatDeskNaira(w.total)} from the seller.
            </p>
          </section>
        ))}
      {w.is_stuck && (
        <p className="rounded-[12px] bg-pending-bg p-4 text-pending">
          <span className="font-bold">Stuck:</span> this payout has been processing for over an
          hour. Re-check it with the provider
          {isAdmin ? '; fail and refund it only if the provider reports it failed or returned' : ''}
          .
        </p>
      )}
      {w.reversed_at && (
        <p className="rounded-[12px] bg-rejected-bg p-4 text-rejected">
          The bank returned this payout on {formatLagosDateTime(w.reversed_at)}; the money is back
          in the seller’s wallet.
        </p>
      )}

      <div className="grid gap-5 lg:grid-cols-[3fr_2fr]">
        <div className="flex flex-col gap-5">
          <RecordSection title="Seller and account">
            <Facts
              rows={[
                ['Seller', `${w.user.first_name} ${w.user.last_name}`],
                ['E-mail', w.user.email],
                ['Bank', w.bank_name],
                ['Account number', <span className="font-mono">{w.account_number}</span>],
                ['Account name', w.account_name],
                ['Provider', w.provider],
                ['Provider reference', <span className="font-mono">{w.transaction_id}</span>],
                ['Recipient code', w.recipient_code ?? 'Not created yet'],
              ]}
            />
          </RecordSection>
          <RecordSection title="Amounts">
            <Facts
              rows={[
                ['Amount', formatDeskNaira(w.amount)],
                ['Fee', formatDeskNaira(w.fee)],
                ['Total from the wallet', formatDeskNaira(w.total)],
                ['Payout attempts', String(w.attempts)],
                ...(w.provider_reason
                  ? [['The provider said', w.provider_reason] as [string, string]]
                  : []),
                ...(w.failure_reason
                  ? [['Seller was told', w.failure_reason] as [string, string]]
                  : []),
              ]}
            />
          </RecordSection>
          <RecordSection title="Ledger movements">
            {w.movements.length === 0 ? (
              <p className="text-slate">No money has moved for this withdrawal.</p>
            ) : (
              <ul aria-label="Ledger movements" className="flex flex-col gap-4">
                {w.movements.map((movement) => (
                  <li key={movement.id} className="border-b border-line pb-3 last:border-0">
                    <p className="font-semibold text-ink">{movement.description}</p>
                    <p className="text-sm text-slate">{formatLagosDateTime(movement.created_at)}</p>
                    <table className="mt-2 w-full text-sm">
                      <caption className="sr-only">Postings of {movement.description}</caption>
                      <tbody>
                        {movement.postings.map((posting) => (
                          <tr key={posting.account}>
                            <th scope="row" className="py-0.5 text-left font-normal text-slate">
                              {ACCOUNT_WORDS[posting.account] ?? posting.account}
                            </th>
                            <td className="money py-0.5 text-right font-semibold text-ink">
                              {formatDeskNaira(posting.amount)}
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </li>
                ))}
              </ul>
            )}
          </RecordSection>
        </div>
        <div className="flex flex-col gap-5">
          <RecordSection title="Actions">
            <RecheckButton id={w.id} />
            {!isOpen && (
              <p className="mt-3 text-sm text-slate">
                This withdrawal is {w.status}; a re-check only records what the provider says now.
              </p>
            )}
          </RecordSection>
          {isAdmin && isOpen && <FailRefundPanel withdrawal={w} />}
          <RecordSection title="Payout timeline">
            <DeskTimeline events={w.events} />
          </RecordSection>
        </div>
      </div>
    </div>
  );
}
