import { isCalendarDate } from '@karta/shared/dates';
import { useSearchParams } from 'react-router';

export interface HistoryFilters {
  /** An API status, or '' for all. */
  status: string;
  /** First (or only) Lagos day, yyyy-MM-dd, or ''. */
  date: string;
  /** Last day of a range, or ''. */
  to: string;
  page: number;
}

const readDay = (value: string | null) => (value && isCalendarDate(value) ? value : '');

/** `date_query` of docs/product.md §7: one day, or the first and last day of a range. */
export function toDateQuery({ date, to }: Pick<HistoryFilters, 'date' | 'to'>): string | undefined {
  const days = [date, to].filter(Boolean).sort();
  const [first, last] = days;
  if (!first) return undefined;
  return last && last !== first ? `${first},${last}` : first;
}

/**
 * A history list's filters and page, kept in the address (?status=&date=&to=&page=) so the
 * back button, a refresh or a shared link bring back the same list. A new filter starts at
 * page 1; filter edits replace the history entry, page moves add one.
 */
export function useHistoryFilters(statuses: readonly string[]) {
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get('status') ?? '';
  const page = Number(params.get('page'));
  const filters: HistoryFilters = {
    status: statuses.includes(rawStatus) ? rawStatus : '',
    date: readDay(params.get('date')),
    to: readDay(params.get('to')),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };

  const write = (next: HistoryFilters, replace: boolean) => {
    const search = new URLSearchParams();
    if (next.status) search.set('status', next.status);
    if (next.date) search.set('date', next.date);
    if (next.to) search.set('to', next.to);
    if (next.page > 1) search.set('page', String(next.page));
    setParams(search, { replace });
  };

  return {
    filters,
    dateQuery: toDateQuery(filters),
    hasActiveFilters: Boolean(filters.status || filters.date || filters.to || filters.page > 1),
    setFilter: (name: 'status' | 'date' | 'to', value: string) => {
      write({ ...filters, [name]: value, page: 1 }, true);
    },
    setPage: (nextPage: number) => {
      write({ ...filters, page: nextPage }, false);
    },
    clear: () => {
      write({ status: '', date: '', to: '', page: 1 }, true);
    },
  };
}

export type HistoryFilterControls = ReturnType<typeof useHistoryFilters>;
