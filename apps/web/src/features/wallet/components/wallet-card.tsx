import { Link } from 'react-router';
import { useAppSelector } from '../../../lib/store/hooks';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { formatNaira } from '../../../lib/format-money';
import { selectUserId } from '../../../lib/session/auth-slice';
import { useGetWalletQuery } from '../../../lib/wallet-api';

/** The wallet is read again when the overview opens: an operator may have approved a trade. */
const REFRESH_AFTER_SECONDS = 30;

/** The naira the user can withdraw, what is held for withdrawals, and the ways in and out. */
export function WalletCard() {
  const userId = useAppSelector(selectUserId) ?? '';
  const { data, isLoading, isError, isFetching, refetch } = useGetWalletQuery(userId, {
    skip: !userId,
    refetchOnMountOrArgChange: REFRESH_AFTER_SECONDS,
  });

  return (
    <section
      aria-labelledby="wallet-title"
      aria-busy={isLoading || undefined}
      className="relative overflow-hidden rounded-[12px] bg-brand-deep p-6 text-white shadow-sm md:p-8"
    >
      <span
        aria-hidden="true"
        className="absolute -top-10 -right-10 h-40 w-40 rounded-full border-[16px] border-gold/30"
      />
      <h2 id="wallet-title" className="text-sm font-semibold text-white/85">
        Naira wallet
      </h2>
      {data ? (
        <>
          <p className="mt-2 text-sm text-white/85">Available balance</p>
          <p
            data-testid="wallet-balance"
            className="money text-2xl font-extrabold min-[400px]:text-3xl md:text-4xl"
          >
            {formatNaira(data.balance)}
          </p>
          <p className="mt-2 text-sm text-white/85">
            Pending withdrawals:{' '}
            <span className="money font-semibold text-white">
              {formatNaira(data.pending_withdrawals)}
            </span>
          </p>
          {data.balance === 0 && data.pending_withdrawals === 0 && (
            <p className="mt-3 max-w-md text-sm text-white/85">
              Sell a gift card: once we approve it, its naira value lands here, ready to withdraw to
              your bank account.
            </p>
          )}
        </>
      ) : isError ? (
        <div className="mt-2 flex flex-col items-start gap-3">
          <p>We could not load your balance.</p>
          <Button
            variant="secondary"
            isLoading={isFetching}
            loadingText="Loading..."
            onClick={() => void refetch()}
          >
            Try again
          </Button>
        </div>
      ) : (
        <div role="status" className="mt-3 flex flex-col gap-2">
          <span className="sr-only">Loading your balance...</span>
          <span aria-hidden="true" className="h-9 w-48 animate-pulse rounded bg-white/20" />
          <span aria-hidden="true" className="h-4 w-40 animate-pulse rounded bg-white/20" />
        </div>
      )}
      <div className="mt-5 flex flex-wrap items-center gap-4">
        <Link
          to={paths.dashboard.trade.getHref()}
          className="inline-flex min-h-11 items-center rounded-[12px] bg-white px-5 font-semibold text-brand-deep hover:bg-mist"
        >
          Trade a gift card
        </Link>
        <Link
          to={paths.dashboard.withdraw.getHref()}
          className="inline-flex min-h-11 items-center rounded-[12px] border border-white px-5 font-semibold text-white hover:bg-white/10"
        >
          Withdraw
        </Link>
        <Link
          to={paths.dashboard.rateCalculator.getHref()}
          className="inline-flex min-h-11 items-center font-semibold text-white underline hover:text-white/85"
        >
          Check today&apos;s rates
        </Link>
      </div>
    </section>
  );
}
