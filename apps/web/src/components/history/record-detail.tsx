import { useState, type ReactNode } from 'react';
import { useLocation, useParams } from 'react-router';
import type { RecordKey } from '../../lib/history-api';
import { getRecordBackLink, type BackLink, type RecordRoutes } from '../../lib/record-links';
import { selectUserId } from '../../lib/session/auth-slice';
import { useAppSelector } from '../../lib/store/hooks';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { useIsLive } from '../../lib/live-events/live-status';
import { RecordNotFound } from './record-not-found';

/** A feature's RTK Query hook for one of its records. */
type UseRecordQuery<T> = (
  key: RecordKey,
  options: { skip: boolean; pollingInterval: number; skipPollingIfUnfocused: boolean },
) => {
  currentData?: T | undefined;
  error?: unknown;
  isFetching: boolean;
  refetch: () => unknown;
};

interface RecordDetailProps<T> {
  routes: RecordRoutes;
  useRecord: UseRecordQuery<T>;
  render: (record: T, context: { userId: string; back: BackLink }) => ReactNode;
  /** Still moving (a payout in flight, a trade not decided): the page asks again until it settles. */
  isMoving: (record: T) => boolean;
}

/**
 * How often a moving record is asked for again: a payout or a review settles in seconds to
 * minutes, and one small request every few seconds is cheap even on a slow phone network. Not
 * while the tab is hidden; RTK Query asks at once when it is shown again.
 */
export const RECORD_POLL_MS = 5_000;

/** The API's answer for a reference that is not one of the account's records. */
const isNotFound = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  'status' in error &&
  (error.status === 404 || error.status === 400);

/**
 * One trade or withdrawal, by the route's `:id`: loading, not found, an error with a way to
 * try again, or the record, whose "back" returns to the list it was opened from.
 */
export function RecordDetail<T>({ routes, useRecord, render, isMoving }: RecordDetailProps<T>) {
  const { id = '' } = useParams();
  const location = useLocation();
  const userId = useAppSelector(selectUserId) ?? '';
  // From the last answer: polling stops the moment one says the record has settled.
  const [isSettled, setIsSettled] = useState(false);
  const isLive = useIsLive();
  const { currentData, error, isFetching, refetch } = useRecord(
    { userId, id },
    {
      skip: !userId || !id,
      // The live stream tells of each change (decision 069): polling only while it is down.
      pollingInterval: isSettled || isLive ? 0 : RECORD_POLL_MS,
      skipPollingIfUnfocused: true,
    },
  );
  const settledNow = currentData !== undefined && !isMoving(currentData);
  if (settledNow !== isSettled) setIsSettled(settledNow);

  if (currentData) {
    return render(currentData, {
      userId,
      back: getRecordBackLink(routes, location.pathname, location.state as unknown),
    });
  }
  if (isNotFound(error)) return <RecordNotFound routes={routes} />;
  if (error && !isFetching) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-[12px] bg-rejected-bg p-4">
        <p className="text-sm text-rejected">We could not load this {routes.noun}.</p>
        <Button variant="secondary" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <Spinner label={`Loading the ${routes.noun}...`} className="self-center py-8" />;
}
