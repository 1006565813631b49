import { STUCK_PAYOUT_MINUTES } from '@karta/shared/schemas/withdrawal-desk';
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AddressPagination } from '../../../components/history/address-pagination';
import { Button } from '../../../components/ui/button';
import { useGetDeskSummaryQuery, useGetDeskWithdrawalsQuery } from '../api';
import { DESK_TABS, type DeskTab } from '../desk-tabs';
import { DeskRow } from './desk-row';
import { consolePaths } from '../../../config/console-paths';
import { PagedRows } from '../../../components/ui/paged-rows';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { EmptyState } from '../../../components/ui/empty-state';
import { ConsoleTabs } from '../../../components/ui/console-tabs';
import { labelOfTab, readPage, readTab, statusOfTab } from '../../../lib/list-query';
import { useIsLive } from '../../../lib/live-events/live-status';

/** Payouts move while an operator watches: without the live stream, the desk looks every 30 s. */
const POLL_MS = 30_000;
/**
 * With it, every request and payout outcome arrives as a `withdrawal` event and refreshes the desk
 * in place (decision 079); a payout turns stuck by time alone, which no event tells: a slow look.
 */
const LIVE_POLL_MS = 5 * 60_000;

/** The desk's polling: quick only while the live stream is down. */
function useDeskPolling() {
  const isLive = useIsLive();
  return { pollingInterval: isLive ? LIVE_POLL_MS : POLL_MS, skipPollingIfUnfocused: true };
}

const tabHref = (tab: DeskTab, q?: string, page = 1) =>
  consolePaths.withdrawals.getHref({
    ...(tab === 'all' ? {} : { status: tab }),
    ...(q ? { q } : {}),
    page,
  });

const EMPTY: Record<DeskTab, string> = {
  all: 'No seller has asked for a withdrawal yet.',
  stuck: `No payout has been processing for over ${String(STUCK_PAYOUT_MINUTES)} minutes.`,
  pending: 'No withdrawal is waiting for the payout worker.',
  processing: 'No payout is with the provider right now.',
  successful: 'No payout has been paid yet.',
  failed: 'No withdrawal has failed.',
  reversed: 'No bank has returned a payout.',
};

/** Open alerts and stuck payouts, above everything: what needs a person now. */
function DeskBanner() {
  const { currentData } = useGetDeskSummaryQuery(undefined, useDeskPolling());
  if (!currentData) return null;
  const { open_alert_count: alerts, stuck_count: stuck, open_alerts: list } = currentData;
  return (
    <>
      {alerts > 0 && (
        <section
          role="alert"
          aria-label="Payout alerts"
          className="rounded-[12px] border border-rejected bg-rejected-bg p-4 text-rejected"
        >
          <h2 className="font-bold">
            {alerts === 1
              ? '1 payout was paid after it was refunded'
              : `${String(alerts)} payouts were paid after they were refunded`}
          </h2>
          <p className="mt-1 text-sm">
            The seller has the money twice. Nothing more was paid; recover it from the seller.
          </p>
          <ul className="mt-2 flex flex-wrap gap-3 text-sm">
            {list.map((alert) => (
              <li key={alert.id}>
                <Link
                  to={consolePaths.withdrawal.getHref(alert.withdrawal_id)}
                  className="font-mono font-semibold underline"
                >
                  {alert.transaction_id}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {stuck > 0 && (
        <p className="rounded-[12px] bg-pending-bg p-4 text-pending">
          <span className="font-bold">
            {stuck === 1 ? '1 payout is stuck' : `${String(stuck)} payouts are stuck`}
          </span>{' '}
          (processing for over an hour).{' '}
          <Link to={tabHref('stuck')} className="font-semibold underline">
            See the stuck payouts
          </Link>
        </p>
      )}
    </>
  );
}

function SearchForm({ tab, q }: { tab: DeskTab; q: string }) {
  const navigate = useNavigate();
  const inputId = useId();
  const [text, setText] = useState(q);
  useEffect(() => {
    setText(q);
  }, [q]);
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void navigate(tabHref(tab, text.trim()));
  };
  return (
    <form role="search" onSubmit={onSubmit} className="flex flex-wrap items-end gap-3">
      <div className="flex min-w-64 flex-1 flex-col gap-1.5">
        <label htmlFor={inputId} className="text-sm font-medium text-ink">
          Reference, account number, seller name or e-mail
        </label>
        <input
          id={inputId}
          type="search"
          value={text}
          maxLength={254}
          onChange={(event) => {
            setText(event.target.value);
          }}
          placeholder="wd_3f9a…, 0123456789, Amaka Obi or amaka@"
          className="min-h-11 w-full rounded-[12px] border border-line bg-white px-3 text-base text-ink"
        />
      </div>
      <Button type="submit" variant="secondary">
        Search
      </Button>
      {q && (
        <Link
          to={tabHref(tab)}
          className="inline-flex min-h-11 items-center font-semibold text-brand underline"
        >
          Clear search
        </Link>
      )}
    </form>
  );
}

/** The stuck payouts, before the newest: on the first page of everything. */
function StuckFirst({ from }: { from: string }) {
  const { currentData, fulfilledTimeStamp } = useGetDeskWithdrawalsQuery(
    { status: 'stuck', page: 1 },
    useDeskPolling(),
  );
  if (!currentData?.data.length) return null;
  const now = fulfilledTimeStamp ?? 0;
  return (
    <section aria-label="Stuck payouts" className="flex flex-col gap-3">
      <h2 className="text-lg font-bold text-ink">
        Stuck payouts ({currentData.meta.total}) — processing for over an hour
      </h2>
      <ul aria-label="Stuck payouts" className="flex flex-col gap-3">
        {currentData.data.map((row) => (
          <DeskRow key={row.id} row={row} now={now} from={from} />
        ))}
      </ul>
    </section>
  );
}

/**
 * The money desk: every seller's withdrawals newest first, twenty a page, by status, or found
 * by reference (or its start), account number, or seller name or e-mail; stuck payouts first, open alerts above all.
 */
export function MoneyDesk() {
  const [searchParams] = useSearchParams();
  const { pathname, search } = useLocation();
  const tab = readTab(DESK_TABS, searchParams.get('status'), 'all');
  const page = readPage(searchParams.get('page'));
  const q = searchParams.get('q')?.trim() ?? '';
  const polling = useDeskPolling();
  const { currentData, isError, isFetching, refetch, fulfilledTimeStamp } =
    useGetDeskWithdrawalsQuery(
      { status: statusOfTab(tab), q: q || undefined, page },
      { ...polling, refetchOnMountOrArgChange: true },
    );
  const from = `${pathname}${search}`;
  const now = fulfilledTimeStamp ?? 0;
  const label = labelOfTab(DESK_TABS, tab);
  const isFirstOfAll = tab === 'all' && page === 1 && !q;

  const body = () => {
    if (currentData === undefined && isError) {
      return (
        <LoadError
          message="We could not load the withdrawals."
          onRetry={() => void refetch()}
          isRetrying={isFetching}
        />
      );
    }
    if (currentData === undefined) return <ListSkeleton label="Loading withdrawals" />;
    const { total, totalPages, size } = currentData.meta;
    if (total === 0) {
      return (
        <EmptyState
          title={q ? 'No withdrawal matches this search' : `No ${label.toLowerCase()} withdrawals`}
        >
          <p className="mt-2 text-slate">
            {q
              ? 'Search by the start of a reference (wd_ and 4 characters or more), the 10-digit account number, or the start of the seller’s name or e-mail (2 letters or more).'
              : EMPTY[tab]}
          </p>
        </EmptyState>
      );
    }
    return (
      <PagedRows
        page={page}
        pageSize={size}
        total={total}
        noun="withdrawals"
        label={`${label} withdrawals`}
        firstPageHref={tabHref(tab, q)}
        paging={
          <AddressPagination
            label="Withdrawal pages"
            page={page}
            totalPages={totalPages}
            hrefOf={(next) => tabHref(tab, q, next)}
          />
        }
        rows={currentData.data.map((row) => (
          <DeskRow key={row.id} row={row} now={now} from={from} />
        ))}
      />
    );
  };

  return (
    <div className="flex flex-col gap-5">
      <div>
        <h1 className="text-2xl font-bold text-ink md:text-3xl">Money desk</h1>
        <p className="mt-1 text-slate">
          Sellers’ withdrawals and their payouts, newest first. Times are Lagos time.
        </p>
      </div>
      <DeskBanner />
      <SearchForm tab={tab} q={q} />
      <ConsoleTabs
        label="Withdrawal status"
        tabs={DESK_TABS}
        current={tab}
        hrefOf={(each) => tabHref(each, q)}
      />
      {isFirstOfAll && <StuckFirst from={from} />}
      <section
        aria-label={`${label} withdrawals`}
        aria-busy={currentData === undefined || undefined}
      >
        {isFirstOfAll && <h2 className="mb-3 text-lg font-bold text-ink">Newest first</h2>}
        {body()}
      </section>
    </div>
  );
}
