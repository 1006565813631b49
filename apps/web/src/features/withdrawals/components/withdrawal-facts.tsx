import type { Withdrawal } from '@karta/shared/schemas/withdrawals';
import type { RecordFact } from '../../../components/history/record-facts';
import { formatLagosDateTime } from '../../../lib/format-date';
import { formatNaira } from '../../../lib/format-money';

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
  ];
}
