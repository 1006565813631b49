import { RecordNotFound } from '../../../components/history/record-not-found';
import { paths } from '../../../config/paths';

/**
 * One withdrawal. It opens from the overview or from the transaction history, and "back"
 * returns to the list it was opened from.
 */
export function WithdrawalDetail() {
  return (
    <RecordNotFound
      noun="withdrawal"
      backFromTransactionHistory={{
        to: paths.dashboard.withdrawals.getHref(),
        label: 'Back to withdrawals',
      }}
      backFromOverview={{
        to: paths.dashboard.withdrawalHistory.getHref(),
        label: 'Back to withdrawal history',
      }}
    />
  );
}
