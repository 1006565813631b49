import type { SellerProfile } from '@karta/shared/schemas/sellers-desk';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatLagosDateTime } from '../../../lib/format-date';
import { formatCardAmount, formatNaira } from '../../../lib/format-money';
import { SellerRecordList } from './seller-record-list';
import { consolePaths } from '../../../config/console-paths';

type RecordOf<K extends 'trades' | 'withdrawals' | 'statement' | 'referrals'> =
  SellerProfile[K]['data'][number];

/** Each list's title, what it says when empty, and what its rows are called in the count. */
const LISTS = {
  trades: { title: 'Trades', empty: 'No trades yet.', what: 'trades' },
  withdrawals: { title: 'Withdrawals', empty: 'No withdrawals yet.', what: 'withdrawals' },
  statement: {
    title: 'Wallet statement',
    empty: 'No money has moved in this wallet.',
    what: 'entries',
  },
  referrals: {
    title: 'Referrals',
    empty: "Nobody has signed up with this seller's code.",
    what: 'referrals',
  },
};

/** A row's way to the record's own console page. */
function RecordLink({
  to,
  isMono,
  children,
}: {
  to: string;
  isMono?: boolean;
  children: ReactNode;
}) {
  return (
    <Link to={to} className={`${isMono ? 'font-mono ' : ''}font-semibold text-brand underline`}>
      {children}
    </Link>
  );
}

const tradeRow = (trade: RecordOf<'trades'>) => (
  <>
    <RecordLink to={consolePaths.trade.getHref(trade.id)} isMono>
      {trade.reference}
    </RecordLink>
    <span className="text-ink">
      {trade.gift_card.name} · {formatCardAmount(trade.amount, trade.subcategory.currency)}
    </span>
    <span className="text-slate">{formatNaira(trade.expected_value)}</span>
    <span className="text-sm text-slate">{formatLagosDateTime(trade.created_at)}</span>
    <StatusBadge status={trade.status} className="ml-auto" />
  </>
);

const withdrawalRow = (withdrawal: RecordOf<'withdrawals'>) => (
  <>
    <RecordLink to={consolePaths.withdrawal.getHref(withdrawal.id)}>
      {formatNaira(withdrawal.amount)}
    </RecordLink>
    <span className="text-ink">
      {withdrawal.bank_name} · {withdrawal.account_number}
    </span>
    <span className="text-sm text-slate">{formatLagosDateTime(withdrawal.created_at)}</span>
    <StatusBadge status={withdrawal.status} className="ml-auto" />
  </>
);

const statementRow = (entry: RecordOf<'statement'>) => (
  <>
    <span className="text-ink">{entry.description}</span>
    <span className={entry.amount < 0 ? 'text-rejected' : 'text-approved'}>
      {formatNaira(entry.amount)}
    </span>
    <span className="text-sm text-slate">Balance after {formatNaira(entry.balance_after)}</span>
    <span className="ml-auto text-sm text-slate">{formatLagosDateTime(entry.created_at)}</span>
  </>
);

const referralRow = (referral: RecordOf<'referrals'>) => (
  <>
    <span className="text-ink">{referral.referred_name}</span>
    <span className="text-sm text-slate">Joined {formatLagosDateTime(referral.joined_at)}</span>
    <StatusBadge status={referral.status} className="ml-auto" />
  </>
);

/** The seller's trades, withdrawals, wallet statement and referrals, newest first. */
export function SellerRecords({ seller }: { seller: SellerProfile }) {
  const { trades, withdrawals, statement, referrals } = seller;
  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <SellerRecordList {...LISTS.trades} list={trades} row={tradeRow} />
      <SellerRecordList {...LISTS.withdrawals} list={withdrawals} row={withdrawalRow} />
      <SellerRecordList {...LISTS.statement} list={statement} row={statementRow} />
      <SellerRecordList
        {...LISTS.referrals}
        list={referrals}
        row={referralRow}
        footer={
          <li className="py-2 text-sm text-slate">
            Earned {formatNaira(referrals.total_earned)} in referral rewards.
          </li>
        }
      />
    </div>
  );
}
