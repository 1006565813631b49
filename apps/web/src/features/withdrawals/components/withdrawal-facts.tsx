import type { Withdrawal } from '@karta/shared/schemas/withdrawals';
import type { RecordFact } from '../../../components/history/record-facts';
import { formatLagosDateTime } from '../../../lib/format-date';
import { formatNaira } from '../../../lib/format-money';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** The numbers and the account of a withdrawal, each with its name. */
export function getWithdrawalFacts(withdrawal: Withdrawal): RecordFact[] {
  return [
    ['Transaction ID', <span className="font-mono break-all">{withdrawal.transaction_id}</span>],
    ['Amount', <span className="money">{formatNaira(withdrawal.amount)}</span>],
    ['Fee', <span className="money">{formatNaira(withdrawal.fee)}</span>],
    ['Total', <span className="money">{formatNaira(withdrawal.total)}</span>],
    ['Bank', withdrawal.bank_name],
    ['Account name', withdrawal.account_name],
    ['Account number', <span className="money">{withdrawal.account_number}</span>],
    ['Requested', formatLagosDateTime(withdrawal.created_at)],
    ...(withdrawal.trade_id
      ? ([
          [
            'Sent by',
            <span>
              Automatic withdrawal of an{' '}
              <Link
                to={paths.dashboard.tradeDetail.getHref(withdrawal.trade_id)}
                className="font-semibold text-brand underline"
              >
                approved trade
              </Link>
            </span>,
          ],
        ] satisfies RecordFact[])
      : []),
  ];
}
