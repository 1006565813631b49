import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PAGE_SIZE } from '@karta/shared/constants';
import { Button } from '../ui/button';
import type { Status } from '../ui/status-badge';
import { HistoryFiltersForm } from './history-filters';
import { Pagination } from './pagination';
import type { HistoryFilterControls } from './use-history-filters';

/** What a feature knows about its list: the filters, the request's state and the rows. */
interface HistoryList {
  controls: HistoryFilterControls;
  /** The first request, with nothing to show yet. */
  isFirstLoad: boolean;
  /** Waiting for the records of the current filters. */
  isLoading: boolean;
  isError: boolean;
  isRetrying: boolean;
  onRetry: () => void;
  /** Records matching the filters, over all pages. */
  total: number;
  totalPages: number;
  /** One <li> per record. */
  rows: ReactNode;
}

export type HistoryListFrameProps = {
  /** Plural noun in lower case, e.g. "trades"; it names the filters, the list and the empty state. */
  noun: string;
  /** The record's states (docs/ARCHITECTURE.md#domain-rules); "All" comes first and sends no status (docs/product.md §7). */
  statuses: readonly Status[];
  illustration: ReactNode;
  /** What the empty state says about how the first record arrives. */
  emptyText: string;
  action: { to: string; label: string };
  /** Left out while a feature has no list yet: the frame then shows its empty state. */
  list?: HistoryList;
};

const PANEL =
  'flex flex-col items-center rounded-[12px] border border-dashed border-line px-6 py-10 text-center';

function Skeleton({ noun }: { noun: string }) {
  return (
    <div role="status" aria-label={`Loading your ${noun}`} className="flex flex-col gap-3">
      {[0, 1, 2].map((row) => (
        <div
          key={row}
          aria-hidden="true"
          className="animate-pulse rounded-[12px] border border-line p-4"
        >
          <div className="h-4 w-1/3 rounded bg-line" />
          <div className="mt-3 h-3 w-2/3 rounded bg-line" />
        </div>
      ))}
      <span className="sr-only">Loading your {noun}...</span>
    </div>
  );
}

/**
 * A history list with its status and date filters, paging, and its loading, error and empty
 * states. An account with no records at all sees a friendly empty state with the filters off;
 * filters that match nothing say so and offer to clear them.
 */
export function HistoryListFrame({
  noun,
  statuses,
  illustration,
  emptyText,
  action,
  list,
}: HistoryListFrameProps) {
  const title = noun.charAt(0).toUpperCase() + noun.slice(1);
  const controls = list?.controls;
  const isReady = list !== undefined && !list.isLoading && !list.isError;
  const hasNoRecordsAtAll =
    list === undefined || (isReady && list.total === 0 && !controls?.hasActiveFilters);

  const body = () => {
    if (!list || hasNoRecordsAtAll) {
      return (
        <>
          {illustration}
          <h3 className="text-lg font-bold text-ink">No {noun} yet</h3>
          <p className="mt-2 max-w-md text-slate">{emptyText}</p>
          <Link
            to={action.to}
            className="mt-5 inline-flex min-h-11 items-center rounded-[12px] border border-brand px-5 font-semibold text-brand hover:bg-brand/5"
          >
            {action.label}
          </Link>
        </>
      );
    }
    if (list.isLoading) return <Skeleton noun={noun} />;
    if (list.isError) {
      return (
        <div className="flex flex-col items-start gap-3 rounded-[12px] bg-rejected-bg p-4">
          <p className="text-sm text-rejected">We could not load your {noun}.</p>
          <Button
            variant="secondary"
            isLoading={list.isRetrying}
            loadingText="Loading..."
            onClick={list.onRetry}
          >
            Try again
          </Button>
        </div>
      );
    }
    if (list.total === 0) {
      return (
        <>
          <h3 className="text-lg font-bold text-ink">No {noun} match these filters</h3>
          <p className="mt-2 max-w-md text-slate">
            Try another status or date, or clear the filters.
          </p>
          <Button variant="secondary" className="mt-5" onClick={list.controls.clear}>
            Clear filters
          </Button>
        </>
      );
    }
    const { page } = list.controls.filters;
    const first = (page - 1) * PAGE_SIZE + 1;
    const last = Math.min(page * PAGE_SIZE, list.total);
    return (
      <div className="flex flex-col gap-4">
        <p aria-live="polite" className="text-sm text-slate">
          Showing {first}–{last} of {list.total} {noun}
        </p>
        <ul className="flex flex-col gap-3">{list.rows}</ul>
        <Pagination
          label={`${title} pages`}
          page={page}
          totalPages={list.totalPages}
          onPageChange={list.controls.setPage}
        />
      </div>
    );
  };

  const isCentred = !list || hasNoRecordsAtAll || (isReady && list.total === 0);
  return (
    <div className="flex flex-col gap-5">
      <HistoryFiltersForm
        noun={noun}
        statuses={statuses}
        controls={controls}
        isDisabled={
          list === undefined ||
          hasNoRecordsAtAll ||
          (list.isFirstLoad && !list.controls.hasActiveFilters)
        }
        canClear={!isCentred}
      />
      <section
        aria-label={title}
        aria-busy={list?.isLoading || undefined}
        className={isCentred ? PANEL : ''}
      >
        {body()}
      </section>
    </div>
  );
}
