import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from '@karta/shared/constants';
import { useAppSelector } from '../../../lib/store/hooks';
import { HistoryListFrame } from '../../../components/history/history-list-frame';
import { useHistoryFilters } from '../../../components/history/use-history-filters';
import { paths } from '../../../config/paths';
import { selectUser } from '../../../lib/session/auth-slice';
import { useGetWithdrawalsQuery } from '../api';
import { WithdrawalRow } from './withdrawal-row';

/**
 * The user's withdrawals, newest first, with status and date filters and pages of ten. Both
 * route families of spec §2 (overview tab and transaction history) show this same list.
 */
export function WithdrawalHistory() {
  const userId = useAppSelector(selectUser)?.id ?? '';
  const controls = useHistoryFilters(WITHDRAWAL_STATUSES);
  const { filters, dateQuery } = controls;
  const { currentData, isLoading, isFetching, isError, refetch } = useGetWithdrawalsQuery(
    {
      userId,
      page: filters.page,
      status: (filters.status || undefined) as WithdrawalStatus | undefined,
      dateQuery,
    },
    { skip: !userId },
  );

  return (
    <HistoryListFrame
      noun="withdrawals"
      statuses={WITHDRAWAL_STATUSES}
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
      list={{
        controls,
        isFirstLoad: isLoading,
        isLoading: currentData === undefined && !isError,
        isError: isError && currentData === undefined,
        isRetrying: isFetching,
        onRetry: () => void refetch(),
        total: currentData?.meta.total ?? 0,
        totalPages: currentData?.meta.totalPages ?? 0,
        rows: currentData?.data.map((withdrawal) => (
          <WithdrawalRow key={withdrawal.id} withdrawal={withdrawal} />
        )),
      }}
    />
  );
}
