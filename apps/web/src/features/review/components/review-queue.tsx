import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Pagination } from '../../../components/history/pagination';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { REVIEW_PAGE_SIZE, useGetReviewTradesQuery } from '../api';
import { readPage, readTab, REVIEW_TABS, statusOfTab, type ReviewTab } from '../review-tabs';
import { useNow } from '../use-now';
import { ReviewRow } from './review-row';

/** New trades arrive while an operator works: the pending queue looks again every 30 s. */
const PENDING_POLL_MS = 30_000;

const tabHref = (tab: ReviewTab, page = 1) =>
  paths.console.trades.getHref(tab === 'pending' ? undefined : tab, page);

const EMPTY: Record<ReviewTab, string> = {
  pending: 'No trades are waiting for review. New ones appear here as sellers submit them.',
  approved: 'No trades have been approved yet.',
  rejected: 'No trades have been rejected yet.',
  cancelled: 'No seller has cancelled a trade yet.',
  all: 'No trades have been submitted yet.',
};

function Skeleton() {
  return (
    <div role="status" aria-label="Loading trades" className="flex flex-col gap-3">
      {[0, 1, 2].map((row) => (
        <div
          key={row}
          aria-hidden="true"
          className="h-20 animate-pulse rounded-[12px] border border-line bg-white"
        />
      ))}
    </div>
  );
}

/**
 * The review queue: pending trades oldest first (first come, first served), or the decided
 * ones newest first, twenty to a page. The tab and page live in the address.
 */
export function ReviewQueue() {
  const [searchParams] = useSearchParams();
  const { pathname, search } = useLocation();
  const tab = readTab(searchParams.get('status'));
  const page = readPage(searchParams.get('page'));
  const now = useNow();
  const { currentData, isError, isFetching, refetch } = useGetReviewTradesQuery(
    { status: statusOfTab(tab), page },
    {
      pollingInterval: tab === 'pending' ? PENDING_POLL_MS : 0,
      skipPollingIfUnfocused: true,
      refetchOnMountOrArgChange: true,
    },
  );
  // Newest data when the operator comes back to the window. (RTK Query's refetchOnFocus needs
  // setupListeners, whose code would land in the shared API chunk every page loads.)
  useEffect(() => {
    const onFocus = () => void refetch();
    window.addEventListener('focus', onFocus);
    return () => {
      window.removeEventListener('focus', onFocus);
    };
  }, [refetch]);
  const label = REVIEW_TABS.find((each) => each.value === tab)?.label ?? '';

  const body = () => {
    if (currentData === undefined && isError) {
      return (
        <div className="flex flex-col items-start gap-3 rounded-[12px] bg-rejected-bg p-4">
          <p className="text-sm text-rejected">We could not load the trades.</p>
          <Button
            variant="secondary"
            isLoading={isFetching}
            loadingText="Loading..."
            onClick={() => void refetch()}
          >
            Try again
          </Button>
        </div>
      );
    }
    if (currentData === undefined) return <Skeleton />;
    const { total, totalPages } = currentData.meta;
    if (total === 0) {
      return (
        <div className="rounded-[12px] border border-dashed border-line bg-white px-6 py-10 text-center">
          <h2 className="text-lg font-bold text-ink">No {label.toLowerCase()} trades</h2>
          <p className="mt-2 text-slate">{EMPTY[tab]}</p>
        </div>
      );
    }
    if (currentData.data.length === 0) {
      return (
        <div className="rounded-[12px] border border-dashed border-line bg-white px-6 py-10 text-center">
          <h2 className="text-lg font-bold text-ink">This page is empty now</h2>
          <p className="mt-2 text-slate">Trades moved on while you were looking.</p>
          <Link
            to={tabHref(tab)}
            className="mt-4 inline-flex min-h-11 items-center font-semibold text-brand underline"
          >
            Go to the first page
          </Link>
        </div>
      );
    }
    const first = (page - 1) * REVIEW_PAGE_SIZE + 1;
    const last = Math.min(first + currentData.data.length - 1, total);
    return (
      <div className="flex flex-col gap-4">
        <p aria-live="polite" className="text-sm text-slate">
          Showing {first}–{last} of {total} trades
        </p>
        <ul aria-label={`${label} trades`} className="flex flex-col gap-3">
          {currentData.data.map((trade) => (
            <ReviewRow key={trade.id} trade={trade} now={now} from={`${pathname}${search}`} />
          ))}
        </ul>
        <PagingLinks tab={tab} page={page} totalPages={totalPages} />
      </div>
    );
  };

  return (
    <div className="flex flex-col gap-5">
      <div>
        <h1 className="text-2xl font-bold text-ink md:text-3xl">Trade review</h1>
        <p className="mt-1 text-slate">
          {tab === 'pending'
            ? 'Oldest first: the seller who waited longest is next.'
            : 'Newest first.'}
        </p>
      </div>
      <nav aria-label="Trade status" className="border-b border-line">
        <ul className="-mb-px flex flex-wrap gap-1">
          {REVIEW_TABS.map((each) => (
            <li key={each.value}>
              <Link
                to={tabHref(each.value)}
                aria-current={each.value === tab ? 'page' : undefined}
                className={`flex min-h-11 items-center border-b-[3px] px-3 font-semibold sm:px-4 ${
                  each.value === tab
                    ? 'border-brand text-brand-deep'
                    : 'border-transparent text-slate hover:border-line hover:text-ink'
                }`}
              >
                {each.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-label={`${label} trades`} aria-busy={currentData === undefined || undefined}>
        {body()}
      </section>
    </div>
  );
}

/** Pagination moves through the address, so Back and a reload keep the page. */
function PagingLinks({
  tab,
  page,
  totalPages,
}: {
  tab: ReviewTab;
  page: number;
  totalPages: number;
}) {
  const navigate = useNavigate();
  return (
    <Pagination
      label="Trade pages"
      page={page}
      totalPages={totalPages}
      onPageChange={(next) => {
        void navigate(tabHref(tab, next));
      }}
    />
  );
}
