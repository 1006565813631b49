import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from '@karta/shared/constants';
import type { Withdrawal } from '@karta/shared/schemas/withdrawals';
import { HistoryList } from '../../../components/history/history-list';
import { paths } from '../../../config/paths';
import { useGetWithdrawalsQuery } from '../api';
import { WithdrawalRow } from './withdrawal-row';

/** The user's withdrawals, newest first, with status and date filters and pages of ten. */
export function WithdrawalHistory() {
  return (
    <HistoryList<Withdrawal, WithdrawalStatus>
      noun="withdrawals"
      statuses={WITHDRAWAL_STATUSES}
      useRecords={useGetWithdrawalsQuery}
      renderRow={(withdrawal) => <WithdrawalRow key={withdrawal.id} withdrawal={withdrawal} />}
      illustration={
        <svg viewBox="0 0 64 44" aria-hidden="true" className="mb-4 h-12 w-auto">
          <path d="M6 16 32 3l26 13z" fill="#0B7A4B" />
          <rect x="10" y="19" width="6" height="16" rx="1" fill="#D1FAE5" />
          <rect x="29" y="19" width="6" height="16" rx="1" fill="#D1FAE5" />
          <rect x="48" y="19" width="6" height="16" rx="1" fill="#D1FAE5" />
          <rect x="4" y="37" width="56" height="5" rx="2" fill="#E8A317" />
        </svg>
      }
      emptyText="When an approved trade puts naira in your wallet, press Withdraw to send it to your bank account. Each withdrawal then shows up here with its amount, fee, bank account and status."
      action={{ to: paths.dashboard.withdraw.getHref(), label: 'Withdraw to your bank' }}
    />
  );
}
