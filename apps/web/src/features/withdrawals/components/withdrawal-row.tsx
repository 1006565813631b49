import type { Withdrawal } from '@karta/shared/schemas/withdrawals';
import { RecordRow } from '../../../components/history/record-row';
import { ToneBadge } from '../../../components/ui/status-badge';
import { maskAccountNumber } from '../../../lib/account-number';
import { formatNaira } from '../../../lib/format-money';
import { WITHDRAWAL_ROUTES } from '../withdrawal-links';

/** One withdrawal in a list: where it went, how much, where it stands, and when. */
export function WithdrawalRow({ withdrawal }: { withdrawal: Withdrawal }) {
  return (
    <RecordRow
      routes={WITHDRAWAL_ROUTES}
      id={withdrawal.transaction_id}
      status={withdrawal.status}
      createdAt={withdrawal.created_at}
      summary={
        <>
          <p className="font-semibold text-ink">
            {withdrawal.bank_name}{' '}
            <span className="money font-normal">
              {maskAccountNumber(withdrawal.account_number)}
            </span>
            {withdrawal.is_automatic && ' '}
            {withdrawal.is_automatic && (
              <ToneBadge
                tone="bg-processing-bg text-processing"
                className="ml-1 align-middle text-xs"
              >
                Automatic
              </ToneBadge>
            )}
          </p>
          <p className="truncate text-sm text-slate">{withdrawal.account_name}</p>
        </>
      }
      figures={
        <>
          <span className="money block font-bold text-ink">{formatNaira(withdrawal.amount)}</span>
          <span className="block text-xs text-slate">
            Total <span className="money">{formatNaira(withdrawal.total)}</span>
          </span>
        </>
      }
    />
  );
}
