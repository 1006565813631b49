import { RecordNotFound } from '../../../components/history/record-not-found';
import { paths } from '../../../config/paths';

/**
 * One trade. A trade opens from the overview or from the transaction history, and "back"
 * returns to the list it was opened from.
 */
export function TradeDetail() {
  return (
    <RecordNotFound
      noun="trade"
      backFromTransactionHistory={{ to: paths.dashboard.trades.getHref(), label: 'Back to trades' }}
      backFromOverview={{
        to: paths.dashboard.tradeHistory.getHref(),
        label: 'Back to trade history',
      }}
    />
  );
}
