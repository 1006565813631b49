import type { SellerProfile } from '@karta/shared/schemas/sellers-desk';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatLagosDateTime } from '../../../lib/format-date';
import { formatCardAmount, formatNaira } from '../../../lib/format-money';
import { Section } from './seller-section';
import { consolePaths } from '../../../config/console-paths';

/** "10 newest of 42": each list on the page is its newest page only. */
const countLine = (shown: number, total: number, what: string) =>
  total > shown ? `The ${String(shown)} newest of ${String(total)} ${what}.` : undefined;

function Records({
  title,
  empty,
  count,
  children,
}: {
  title: string;
  empty: string;
  count: { shown: number; total: number; what: string };
  children: ReactNode;
}) {
  const line = countLine(count.shown, count.total, count.what);
  return (
    <Section title={title}>
      {count.total === 0 ? (
        <p className="text-slate">{empty}</p>
      ) : (
        <>
          {line && <p className="mb-2 text-sm text-slate">{line}</p>}
          <ul aria-label={title} className="flex flex-col divide-y divide-line">
            {children}
          </ul>
        </>
      )}
    </Section>
  );
}

const ROW = 'flex flex-wrap items-center gap-x-4 gap-y-1 py-2';

/** The seller's trades, withdrawals, wallet statement and referrals, newest first. */
export function SellerRecords({ seller }: { seller: SellerProfile }) {
  const { trades, withdrawals, statement, referrals } = seller;
  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <Records
        title="Trades"
        empty="No trades yet."
        count={{ shown: trades.data.length, total: trades.meta.total, what: 'trades' }}
      >
        {trades.data.map((trade) => (
          <li key={trade.id} className={ROW}>
            <Link
              to={consolePaths.trade.getHref(trade.id)}
              className="font-mono font-semibold text-brand underline"
            >
              {trade.reference}
            </Link>
            <span className="text-ink">
              {trade.gift_card.name} · {formatCardAmount(trade.amount, trade.subcategory.currency)}
            </span>
            <span className="text-slate">{formatNaira(trade.expected_value)}</span>
            <span className="text-sm text-slate">{formatLagosDateTime(trade.created_at)}</span>
            <StatusBadge status={trade.status} className="ml-auto" />
          </li>
        ))}
      </Records>
      <Records
        title="Withdrawals"
        empty="No withdrawals yet."
        count={{
          shown: withdrawals.data.length,
          total: withdrawals.meta.total,
          what: 'withdrawals',
        }}
      >
        {withdrawals.data.map((withdrawal) => (
          <li key={withdrawal.id} className={ROW}>
            <Link
              to={consolePaths.withdrawal.getHref(withdrawal.id)}
              className="font-semibold text-brand underline"
            >
              {formatNaira(withdrawal.amount)}
            </Link>
            <span className="text-ink">
              {withdrawal.bank_name} · {withdrawal.account_number}
            </span>
            <span className="text-sm text-slate">{formatLagosDateTime(withdrawal.created_at)}</span>
            <StatusBadge status={withdrawal.status} className="ml-auto" />
          </li>
        ))}
      </Records>
      <Records
        title="Wallet statement"
        empty="No money has moved in this wallet."
        count={{ shown: statement.data.length, total: statement.meta.total, what: 'entries' }}
      >
        {statement.data.map((entry) => (
          <li key={entry.id} className={ROW}>
            <span className="text-ink">{entry.description}</span>
            <span className={entry.amount < 0 ? 'text-rejected' : 'text-approved'}>
              {formatNaira(entry.amount)}
            </span>
            <span className="text-sm text-slate">
              Balance after {formatNaira(entry.balance_after)}
            </span>
            <span className="ml-auto text-sm text-slate">
              {formatLagosDateTime(entry.created_at)}
            </span>
          </li>
        ))}
      </Records>
      <Records
        title="Referrals"
        empty="Nobody has signed up with this seller's code."
        count={{ shown: referrals.data.length, total: referrals.meta.total, what: 'referrals' }}
      >
        {referrals.data.map((referral) => (
          <li key={referral.id} className={ROW}>
            <span className="text-ink">{referral.referred_name}</span>
            <span className="text-sm text-slate">
              Joined {formatLagosDateTime(referral.joined_at)}
            </span>
            <StatusBadge status={referral.status} className="ml-auto" />
          </li>
        ))}
        <li className="py-2 text-sm text-slate">
          Earned {formatNaira(referrals.total_earned)} in referral rewards.
        </li>
      </Records>
    </div>
  );
}
