import { LoadError } from '../../../components/ui/load-error';
import { getLagosClockTime } from '@karta/shared/dates';
import { selectUser } from '../../../lib/session/auth-slice';
import { useAppSelector } from '../../../lib/store/hooks';
import { useRefetchOnFocus } from '../../../lib/use-refetch-on-focus';
import { useGetOverviewQuery } from '../api';
import { overviewSections } from '../overview-tiles';
import { OverviewSkeleton } from './overview-skeleton';
import { OverviewTilesGrid } from './overview-tiles-grid';
import { PayoutAlertsPanel } from './payout-alerts-panel';

/** Live, not instant: every 30 s while the tab is in front, and at once on coming back to it. */
const OVERVIEW_POLL_MS = 30_000;

/**
 * The console's first page (decision 022): where the business stands today (the Lagos day), each
 * figure a link to the list behind it, and the payout alerts that need a person.
 */
export function ConsoleOverview() {
  const isAdmin = useAppSelector(selectUser)?.role === 'admin';
  const { currentData, isError, isFetching, refetch } = useGetOverviewQuery(undefined, {
    pollingInterval: OVERVIEW_POLL_MS,
    skipPollingIfUnfocused: true,
  });
  useRefetchOnFocus(refetch);

  const body = () => {
    if (currentData === undefined && isError) {
      return (
        <LoadError
          message="We could not load the overview."
          onRetry={() => void refetch()}
          isRetrying={isFetching}
        />
      );
    }
    if (currentData === undefined) return <OverviewSkeleton />;
    // Ages as of the figures' own time, so the oldest wait and the figures agree.
    const now = Date.parse(currentData.as_of);
    return (
      <>
        <PayoutAlertsPanel alerts={currentData.payout_alerts} canResolve={isAdmin} />
        {overviewSections(currentData, now).map((section) => (
          <OverviewTilesGrid key={section.title} section={section} />
        ))}
      </>
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold text-ink">Overview</h1>
        {currentData && (
          <p className="text-sm text-slate" aria-live="polite">
            Today in Lagos. Updated {getLagosClockTime(new Date(currentData.as_of))}
            {isError && ' (the last refresh failed; trying again)'}
          </p>
        )}
      </div>
      {body()}
    </div>
  );
}
