import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useLazyGetReviewTradesQuery } from '../api';
import { consolePaths } from '../../../config/console-paths';

/**
 * Goes to the oldest pending trade other than this one that this operator may take (nobody
 * else is reviewing it, and it is not their own), asked of the server at the moment of the
 * click (another operator may have taken the one that was next a minute ago).
 */
export function NextPendingButton({
  currentId,
  variant = 'primary',
}: {
  currentId: string;
  /** Secondary when the page has a decision of its own to make (one primary button a screen). */
  variant?: 'primary' | 'secondary';
}) {
  const navigate = useNavigate();
  const [fetchPending, { isFetching }] = useLazyGetReviewTradesQuery();
  const [isQueueEmpty, setIsQueueEmpty] = useState(false);

  const goToNext = async () => {
    try {
      const queue = await fetchPending({
        status: 'pending',
        claimable: true,
        page: 1,
        size: 2,
      }).unwrap();
      const next = queue.data.find((trade) => trade.id !== currentId);
      if (next) void navigate(consolePaths.trade.getHref(next.id));
      else setIsQueueEmpty(true);
    } catch {
      // Toasted by lib/error-toasts; the button stays for another try.
    }
  };

  return (
    <div className="flex flex-col items-start gap-2">
      <Button
        variant={variant}
        isLoading={isFetching}
        loadingText="Finding it..."
        onClick={() => void goToNext()}
      >
        Next pending trade
      </Button>
      {isQueueEmpty && (
        <p role="status" className="text-sm text-slate">
          No other trade is waiting for review.{' '}
          <Link to={consolePaths.trades.getHref()} className="font-semibold text-brand underline">
            Back to the queue
          </Link>
        </p>
      )}
    </div>
  );
}
