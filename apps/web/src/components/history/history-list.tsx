import type { ReactNode } from 'react';
import type { HistoryListArgs, HistoryPage } from '../../lib/history-api';
import { selectUserId } from '../../lib/session/auth-slice';
import { useAppSelector } from '../../lib/store/hooks';
import type { Status } from '../ui/status-badge';
import { HistoryListFrame, type HistoryListFrameProps } from './history-list-frame';
import { useHistoryFilters } from './use-history-filters';

/** A feature's RTK Query hook for one page of its list (lib/history-api). */
type UseHistoryPageQuery<T, S extends Status> = (
  args: HistoryListArgs<S>,
  options: { skip: boolean },
) => {
  currentData?: HistoryPage<T> | undefined;
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
};

interface HistoryListProps<T, S extends Status> extends Omit<
  HistoryListFrameProps,
  'statuses' | 'list'
> {
  statuses: readonly S[];
  useRecords: UseHistoryPageQuery<T, S>;
  /** One <li> (with its key) per record. */
  renderRow: (record: T) => ReactNode;
}

/**
 * The signed-in user's trades or withdrawals, newest first, with status and date filters kept
 * in the address and pages of ten. Both route families of docs/product.md §2 (overview tab and
 * transaction history) show the same list.
 */
export function HistoryList<T, S extends Status>({
  statuses,
  useRecords,
  renderRow,
  ...frame
}: HistoryListProps<T, S>) {
  const userId = useAppSelector(selectUserId) ?? '';
  const controls = useHistoryFilters(statuses);
  const { filters, dateQuery } = controls;
  const { currentData, isLoading, isFetching, isError, refetch } = useRecords(
    {
      userId,
      page: filters.page,
      // useHistoryFilters keeps only one of `statuses`, or '' for all.
      status: (filters.status || undefined) as S | undefined,
      dateQuery,
    },
    { skip: !userId },
  );

  return (
    <HistoryListFrame
      {...frame}
      statuses={statuses}
      list={{
        controls,
        isFirstLoad: isLoading,
        isLoading: currentData === undefined && !isError,
        isError: isError && currentData === undefined,
        isRetrying: isFetching,
        onRetry: () => void refetch(),
        total: currentData?.meta.total ?? 0,
        totalPages: currentData?.meta.totalPages ?? 0,
        rows: currentData?.data.map(renderRow),
      }}
    />
  );
}
