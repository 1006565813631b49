import { useLocation, useSearchParams } from 'react-router';
import { AddressPagination } from '../../../components/history/address-pagination';
import { selectUserId } from '../../../lib/session/auth-slice';
import { useAppSelector } from '../../../lib/store/hooks';
import { useRefetchOnFocus } from '../../../lib/use-refetch-on-focus';
import { REVIEW_PAGE_SIZE, useGetReviewTradesQuery } from '../api';
import { targetMinutes } from '../review-desk';
import { REVIEW_TABS, type ReviewTab } from '../review-tabs';
import { useNow } from '../use-now';
import { ReviewRow } from './review-row';
import { consolePaths } from '../../../config/console-paths';
import { PagedRows } from '../../../components/ui/paged-rows';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { EmptyState } from '../../../components/ui/empty-state';
import { ConsoleTabs } from '../../../components/ui/console-tabs';
import { useIsLive } from '../../../lib/live-events/live-status';
import { labelOfTab, readPage, readTab, statusOfTab } from '../../../lib/list-query';

/** New trades arrive while an operator works: the pending queue looks again every 30 s. */
const PENDING_POLL_MS = 30_000;

const tabHref = (tab: ReviewTab, page = 1) =>
  consolePaths.trades.getHref(tab === 'pending' ? undefined : tab, page);

const EMPTY: Record<ReviewTab, string> = {
  pending: 'No trades are waiting for review. New ones appear here as sellers submit them.',
  awaiting_second_approval:
    'Nothing is waiting for a second approval. Approvals and admins’ additions to a trade’s credit wait here when they reach the four-eyes sum, alone or with what the same person credited that seller today or on that trade.',
  info_requested: 'No trades are waiting on a seller’s answer.',
  counter_offered:
    'No offers are waiting for a seller. An approval below the expected value waits here until the seller accepts or declines it.',
  declined: 'No seller has declined an offer yet.',
  approved: 'No trades have been approved yet.',
  rejected: 'No trades have been rejected yet.',
  cancelled: 'No seller has cancelled a trade yet.',
  all: 'No trades have been submitted yet.',
};

/**
 * The review queue: pending trades oldest first (first come, first served), or the decided
 * ones newest first, twenty to a page. The tab and page live in the address.
 */
export function ReviewQueue() {
  const [searchParams] = useSearchParams();
  const { pathname, search } = useLocation();
  const tab = readTab(REVIEW_TABS, searchParams.get('status'), 'pending');
  const page = readPage(searchParams.get('page'));
  const now = useNow();
  const operatorId = useAppSelector(selectUserId) ?? '';
  const isLive = useIsLive();
  const { currentData, isError, isFetching, refetch } = useGetReviewTradesQuery(
    { status: statusOfTab(tab), page },
    {
      // Staff hear the queue live (decision 069): polling only while the stream is down.
      pollingInterval: tab === 'pending' && !isLive ? PENDING_POLL_MS : 0,
      skipPollingIfUnfocused: true,
      refetchOnMountOrArgChange: true,
    },
  );
  // Newest data when the operator comes back to the window.
  useRefetchOnFocus(refetch);
  const label = labelOfTab(REVIEW_TABS, tab);
  const firstPending = currentData?.data.find((trade) => trade.review_due_at !== null);
  const target = firstPending ? targetMinutes(firstPending) : null;

  const body = () => {
    if (currentData === undefined && isError) {
      return (
        <LoadError
          message="We could not load the trades."
          onRetry={() => void refetch()}
          isRetrying={isFetching}
        />
      );
    }
    if (currentData === undefined) return <ListSkeleton label="Loading trades" />;
    const { total, totalPages } = currentData.meta;
    if (total === 0) {
      return (
        <EmptyState title={`No ${label.toLowerCase()} trades`}>
          <p className="mt-2 text-slate">{EMPTY[tab]}</p>
        </EmptyState>
      );
    }
    return (
      <PagedRows
        page={page}
        pageSize={REVIEW_PAGE_SIZE}
        total={total}
        noun="trades"
        label={`${label} trades`}
        firstPageHref={tabHref(tab)}
        emptyPageText="Trades moved on while you were looking."
        paging={
          <AddressPagination
            label="Trade pages"
            page={page}
            totalPages={totalPages}
            hrefOf={(next) => tabHref(tab, next)}
          />
        }
        rows={currentData.data.map((trade) => (
          <ReviewRow
            key={trade.id}
            trade={trade}
            now={now}
            from={`${pathname}${search}`}
            operatorId={operatorId}
          />
        ))}
      />
    );
  };

  return (
    <div className="flex flex-col gap-3 md:gap-5">
      <h1 className="text-2xl font-bold text-ink md:text-3xl">Trade review</h1>
      {/* Below 768 px the queue's order follows the list, so the first trade is near the top. */}
      <p className="text-slate max-md:order-last max-md:text-sm md:-mt-4">
        {tab === 'pending'
          ? 'Oldest first: the seller who waited longest is next.'
          : 'Newest first.'}
        {tab === 'pending' &&
          target !== null &&
          ` A trade waiting more than ${String(target)} minutes is marked Late.`}
      </p>
      <ConsoleTabs label="Trade status" tabs={REVIEW_TABS} current={tab} hrefOf={tabHref} />
      <section aria-label={`${label} trades`} aria-busy={currentData === undefined || undefined}>
        {body()}
      </section>
    </div>
  );
}
