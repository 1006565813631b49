import type { ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useAppSelector } from '../../../lib/store/hooks';
import { Spinner } from '../../../components/ui/spinner';
import { selectUser, selectUserId } from '../../../lib/session/auth-slice';
import { useGetReviewTradeQuery } from '../api';
import { ReviewTradeView } from './review-trade-view';
import { consolePaths } from '../../../config/console-paths';
import { LoadError } from '../../../components/ui/load-error';

/** "Back" returns to the tab and page the trade was opened from, else to the pending queue. */
function backLink(state: unknown) {
  const from = (state as { from?: unknown } | null)?.from;
  const queue = consolePaths.trades.getHref();
  return {
    to: typeof from === 'string' && from.startsWith(queue) ? from : queue,
    label: 'Back to the queue',
  };
}

/** One trade for review, fetched fresh each time it opens (another operator may have decided). */
export function ReviewDetail({
  beside,
}: {
  /** Shown beside the trade on wide screens, under it on narrow ones (app/ composes it). */
  beside?: (tradeId: string) => ReactNode;
} = {}) {
  const { id = '' } = useParams();
  const location = useLocation();
  const operatorId = useAppSelector(selectUserId) ?? '';
  // The role comes with the session's profile (kept in memory, not on the device).
  const me = useAppSelector(selectUser);
  const { currentData, error, isFetching, refetch } = useGetReviewTradeQuery(id, {
    skip: !id,
    refetchOnMountOrArgChange: true,
  });

  if (currentData) {
    const view = (
      <ReviewTradeView
        key={currentData.id}
        trade={currentData}
        operatorId={operatorId}
        isAdmin={me?.role === 'admin'}
        back={backLink(location.state as unknown)}
      />
    );
    if (!beside) return view;
    return (
      <div className="grid gap-5 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="min-w-0">{view}</div>
        {beside(currentData.id)}
      </div>
    );
  }
  if (error && 'status' in error && error.status === 404) {
    return (
      <section className="mx-auto flex max-w-lg flex-col items-center rounded-[12px] bg-white px-6 py-10 text-center">
        <h1 className="text-2xl font-bold text-ink">We could not find this trade</h1>
        <p className="mt-2 text-slate">Check the link, or find the trade in the queue.</p>
        <Link
          to={consolePaths.trades.getHref()}
          className="mt-6 inline-flex min-h-11 items-center rounded-[12px] bg-brand px-5 font-semibold text-white hover:bg-brand-deep"
        >
          Back to the queue
        </Link>
      </section>
    );
  }
  if (error && !isFetching) {
    return <LoadError message="We could not load this trade." onRetry={() => void refetch()} />;
  }
  return <Spinner label="Loading the trade..." className="self-center py-8" />;
}
