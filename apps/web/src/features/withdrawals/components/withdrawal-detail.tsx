import { useLocation, useParams } from 'react-router';
import { useAppSelector } from '../../../lib/store/hooks';
import { RecordNotFound } from '../../../components/history/record-not-found';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { selectUser } from '../../../lib/session/auth-slice';
import { useGetWithdrawalQuery } from '../api';
import { BACK_LINKS, getBackLink } from '../withdrawal-links';
import { WithdrawalView } from './withdrawal-view';

/**
 * One withdrawal: transaction id, status, timeline, the numbers and the account, and why it
 * failed or came back. It opens from the overview or from the transaction history, and
 * "back" returns to the list it was opened from.
 */
export function WithdrawalDetail() {
  const { id = '' } = useParams();
  const location = useLocation();
  const userId = useAppSelector(selectUser)?.id ?? '';
  const { currentData, error, isFetching, refetch } = useGetWithdrawalQuery(
    { userId, transactionId: id },
    { skip: !userId || !id },
  );

  if (currentData) {
    return (
      <WithdrawalView
        withdrawal={currentData}
        back={getBackLink(location.pathname, location.state as unknown)}
      />
    );
  }
  if (error && 'status' in error && (error.status === 404 || error.status === 400)) {
    return (
      <RecordNotFound
        noun="withdrawal"
        backFromTransactionHistory={BACK_LINKS.fromTransactionHistory}
        backFromOverview={BACK_LINKS.fromOverview}
      />
    );
  }
  if (error && !isFetching) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-[12px] bg-rejected-bg p-4">
        <p className="text-sm text-rejected">We could not load this withdrawal.</p>
        <Button variant="secondary" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <Spinner label="Loading the withdrawal..." className="self-center py-8" />;
}
