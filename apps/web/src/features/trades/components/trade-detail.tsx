import { useLocation, useParams } from 'react-router';
import { useAppSelector } from '../../../lib/store/hooks';
import { RecordNotFound } from '../../../components/history/record-not-found';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { selectUser } from '../../../lib/session/auth-slice';
import { useGetTradeQuery } from '../api';
import { getBackLink } from '../trade-links';
import { TradeView } from './trade-view';

/**
 * One trade: reference, status, what happened when, the numbers, the photos, and a way to
 * cancel while it is pending. A trade opens from the overview or from the transaction
 * history, and "back" returns to the list it was opened from.
 */
export function TradeDetail() {
  const { id = '' } = useParams();
  const location = useLocation();
  const userId = useAppSelector(selectUser)?.id ?? '';
  const { currentData, error, isFetching, refetch } = useGetTradeQuery(
    { userId, tradeId: id },
    { skip: !userId || !id },
  );

  if (currentData) {
    return (
      <TradeView
        trade={currentData}
        userId={userId}
        back={getBackLink(location.pathname, location.state as unknown)}
      />
    );
  }
  if (error && 'status' in error && (error.status === 404 || error.status === 400)) {
    return (
      <RecordNotFound
        noun="trade"
        backFromTransactionHistory={{
          to: paths.dashboard.trades.getHref(),
          label: 'Back to trades',
        }}
        backFromOverview={{
          to: paths.dashboard.tradeHistory.getHref(),
          label: 'Back to trade history',
        }}
      />
    );
  }
  if (error && !isFetching) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-[12px] bg-rejected-bg p-4">
        <p className="text-sm text-rejected">We could not load this trade.</p>
        <Button variant="secondary" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <Spinner label="Loading the trade..." className="self-center py-8" />;
}
