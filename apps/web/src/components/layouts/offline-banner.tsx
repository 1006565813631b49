import { formatLagosDateTime } from '../../lib/format-date';
import { useIsOnline, useLastAnswerAt } from '../../lib/offline/connection';

/** "14:02" for today (Lagos), "21 Nov 2026, 14:02" for an older day. */
function formatSeenAt(at: number, now: number) {
  const seen = formatLagosDateTime(new Date(at).toISOString());
  const today = formatLagosDateTime(new Date(now).toISOString());
  return seen.slice(0, -5) === today.slice(0, -5) ? seen.slice(-5) : seen;
}

/**
 * Above every dashboard page while the phone has no network: the pages show what was last
 * fetched (the service worker's saved answers, decision 041), and says so, with the time.
 * The live region is always there, so a screen reader hears the banner when it appears.
 */
export function OfflineBanner() {
  const isOnline = useIsOnline();
  const lastAnswerAt = useLastAnswerAt();
  return (
    <div role="status">
      {!isOnline && (
        <div className="mb-6 rounded-[12px] border border-processing bg-processing-bg p-4 text-ink">
          <p className="font-semibold">
            You are offline —{' '}
            {lastAnswerAt === null
              ? 'showing what you last saw'
              : `showing what you last saw at ${formatSeenAt(lastAnswerAt, Date.now())}`}
          </p>
          <p className="mt-1 text-sm">
            Selling a card, withdrawing and changing your details need a connection. They work again
            as soon as you are back online.
          </p>
        </div>
      )}
    </div>
  );
}
