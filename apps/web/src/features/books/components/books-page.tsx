import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { selectUser } from '../../../lib/session/auth-slice';
import { useAppSelector } from '../../../lib/store/hooks';
import { useGetBooksQuery, type BooksRange } from '../api';
import { defaultRange, formatDay, rangeProblem } from '../lagos-days';
import { BooksChart } from './books-chart';
import { BooksRangeForm } from './books-range-form';
import { BooksTable } from './books-table';
import { CsvDownloadButton } from './csv-download-button';

/** The range in the address (`?from=&to=`), so a reload or a shared link shows the same days. */
function useRange(): [BooksRange, (range: BooksRange) => void] {
  const [params, setParams] = useSearchParams();
  const asked = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const range = rangeProblem(asked) ? defaultRange() : asked;
  const setRange = (next: BooksRange) => {
    setParams({ from: next.from, to: next.to });
  };
  return [range, setRange];
}

function Books({ range }: { range: BooksRange }) {
  const { data, isLoading, isFetching, isError, refetch } = useGetBooksQuery(range);
  if (isLoading) return <ListSkeleton label="Loading the books" rowHeight="h-16" />;
  if (isError || !data) {
    return (
      <LoadError
        message="We could not load the books."
        isRetrying={isFetching}
        onRetry={() => void refetch()}
      />
    );
  }
  const isQuiet = data.days.every(
    (day) =>
      day.trades_submitted === 0 &&
      day.credited === 0 &&
      day.withdrawals_requested === 0 &&
      day.withdrawals_paid === 0,
  );
  return (
    <div className={`flex flex-col gap-4 ${isFetching ? 'opacity-60' : ''}`} aria-busy={isFetching}>
      {isQuiet && (
        <EmptyState title="No trades or withdrawals on these days">
          <p className="mt-2 text-slate">
            The float still shows what sellers held. Choose other days to see activity.
          </p>
        </EmptyState>
      )}
      <BooksChart days={data.days} />
      <BooksTable days={data.days} />
    </div>
  );
}

/**
 * `/console/reports` (decision 026): the books per Lagos day for admins, with a chart of credits
 * and payouts and CSV downloads of the range or of one day.
 */
export function BooksPage() {
  const me = useAppSelector(selectUser);
  const [range, setRange] = useRange();
  if (me?.role !== 'admin') {
    return (
      <EmptyState title="Only admins read the books">
        <p className="mt-2 text-slate">Ask an admin for the figures you need.</p>
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-5">
      <div>
        <h1 className="text-2xl font-bold text-ink md:text-3xl">Books</h1>
        <p className="mt-1 text-slate">
          Each Lagos day from the ledger: trades, money credited and paid out, fees and the sellers’
          float. {formatDay(range.from)} to {formatDay(range.to)}.
        </p>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        {/* Keyed by the range: the fields start again from the days shown. */}
        <BooksRangeForm key={`${range.from}-${range.to}`} range={range} onChange={setRange} />
        <CsvDownloadButton
          range={range}
          label={`Download CSV from ${formatDay(range.from)} to ${formatDay(range.to)}`}
        >
          Download CSV
        </CsvDownloadButton>
      </div>
      <Books range={range} />
    </div>
  );
}
