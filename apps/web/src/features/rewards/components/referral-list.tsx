import { useAppSelector } from '../../../lib/store/hooks';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatLagosDateTime } from '../../../lib/format-date';
import { formatNaira } from '../../../lib/format-money';
import { selectUserId } from '../../../lib/session/auth-slice';
import { useGetReferralsQuery } from '../api';

/** Who joined with the user's code, where each reward stands, and what was earned in total. */
export function ReferralList() {
  const userId = useAppSelector(selectUserId) ?? '';
  const { data, isLoading, isError, isFetching, refetch } = useGetReferralsQuery(userId, {
    skip: !userId,
  });

  return (
    <section aria-labelledby="referrals-title" className="mt-5">
      <div className="flex items-baseline justify-between gap-3">
        <h3 id="referrals-title" className="font-bold text-ink">
          Your referrals
        </h3>
        {data && (
          <p className="text-sm text-slate">
            Total earned:{' '}
            <span className="money font-semibold text-ink">{formatNaira(data.total_earned)}</span>
          </p>
        )}
      </div>
      {isLoading ? (
        <Spinner label="Loading your referrals..." className="mt-3" />
      ) : isError ? (
        <div className="mt-3 flex flex-col items-start gap-2">
          <p className="text-sm text-rejected">We could not load your referrals.</p>
          <Button
            variant="secondary"
            isLoading={isFetching}
            loadingText="Loading..."
            onClick={() => void refetch()}
          >
            Try again
          </Button>
        </div>
      ) : !data?.data.length ? (
        <p className="mt-2 text-sm text-slate">
          No referrals yet. Share your code: when a friend joins with it and their first trade is
          approved, the reward shows up here.
        </p>
      ) : (
        <>
          <ul aria-label="Referrals" className="mt-2 divide-y divide-line">
            {data.data.map((referral) => (
              <li key={referral.id} className="flex items-center justify-between gap-3 py-2">
                <div className="min-w-0">
                  <p className="font-semibold text-ink">{referral.referred_name}</p>
                  <p className="text-xs text-slate">
                    Joined{' '}
                    <time dateTime={referral.joined_at}>
                      {formatLagosDateTime(referral.joined_at)}
                    </time>
                  </p>
                </div>
                <div className="flex flex-col items-end gap-1">
                  <span className="money text-sm font-semibold text-ink">
                    {formatNaira(referral.reward)}
                  </span>
                  <StatusBadge status={referral.status} className="text-xs" />
                </div>
              </li>
            ))}
          </ul>
          {data.meta.total > data.data.length && (
            <p className="mt-2 text-sm text-slate">
              Showing {data.data.length} of {data.meta.total} referrals.
            </p>
          )}
        </>
      )}
    </section>
  );
}
