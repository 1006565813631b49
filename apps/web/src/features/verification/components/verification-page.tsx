import { formatLimit, type KycTier } from '@karta/shared/kyc-tiers';
import type { KycState } from '@karta/shared/schemas/kyc';
import { useId } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { toKobo } from '../../../lib/format-money';
import { selectUser } from '../../../lib/session/auth-slice';
import { useAppSelector } from '../../../lib/store/hooks';
import { useGetWithdrawalTermsQuery } from '../../../lib/withdrawal-terms-api';
import { NinForm } from './nin-form';
import { TierLadder } from './tier-ladder';

const naira = (amount: number) => formatLimit(BigInt(toKobo(amount)));

function Standing({ kyc }: { kyc: KycState }) {
  if (kyc.tier === 0) {
    return <p className="text-slate">You are at tier 0: verify your BVN to start withdrawing.</p>;
  }
  const { limits } = kyc;
  return (
    <p className="text-slate">
      You are at tier {kyc.tier}. Today you have withdrawn {naira(limits.withdrawn_today)} of{' '}
      {naira(limits.daily_withdrawal)}:{' '}
      <span className="font-semibold text-ink">{naira(limits.remaining_today)} left today</span>.
    </p>
  );
}

/** The next step, with the one action that takes it (decisions 063, 066). */
function NextStep({ kyc, userId }: { kyc: KycState; userId: string }) {
  const tier = kyc.tier as KycTier;
  if (tier === 0) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p className="text-slate">Verify your BVN: it takes a minute and lets you withdraw.</p>
        <Link
          to={paths.dashboard.verifyBvn.getHref()}
          state={{ from: paths.dashboard.verification.getHref() }}
          className="inline-flex min-h-11 items-center rounded-[12px] bg-brand px-5 font-semibold text-white hover:bg-brand-deep"
        >
          Verify your BVN
        </Link>
      </div>
    );
  }
  if (tier === 1) return <NinForm userId={userId} />;
  if (tier === 2) {
    const status =
      kyc.status === 'pending_review'
        ? 'Your documents are with our team: we will tell you when they are checked.'
        : kyc.status === 'rejected'
          ? 'Your documents need another look: open them to see why, and send them again.'
          : null;
    return (
      <div className="flex flex-col items-start gap-3">
        <p className="text-slate">
          Tier 3 needs an operator to check your documents: a government ID (NIN slip, driver’s
          licence, international passport or voter’s card), a selfie and a proof of address under 3
          months old.
        </p>
        {status && <p className="font-medium text-ink">{status}</p>}
        <Link
          to={paths.dashboard.kycDocuments.getHref()}
          className="inline-flex min-h-11 items-center rounded-[12px] bg-brand px-5 font-semibold text-white hover:bg-brand-deep"
        >
          {kyc.status === 'pending_review' ? 'See your documents' : 'Send your documents'}
        </Link>
      </div>
    );
  }
  return <p className="text-slate">You are at the highest tier.</p>;
}

/**
 * Settings › Verification (decision 063): the ladder of KYC tiers, what each lets the seller
 * withdraw, where they stand today, and the next step. The figures are the withdrawal terms',
 * so they are the server's configuration and the seller's own day.
 */
export function VerificationPage() {
  const user = useAppSelector(selectUser);
  const titleId = useId();
  const nextId = useId();
  const terms = useGetWithdrawalTermsQuery(user?.id ?? '', { skip: !user });
  const kyc = terms.data?.kyc;

  return (
    <section aria-labelledby={titleId} className="flex max-w-2xl flex-col gap-5">
      <div>
        <h2 id={titleId} className="text-xl font-bold text-ink">
          Verification
        </h2>
        <p className="mt-1 text-sm text-slate">
          CBN rules tie what a wallet can send to how well its holder is identified: the more you
          verify, the more you can withdraw.
        </p>
      </div>
      {terms.data && kyc && user ? (
        <>
          <Standing kyc={kyc} />
          <TierLadder tier={kyc.tier as KycTier} tiers={terms.data.tiers} />
          <section
            aria-labelledby={nextId}
            className="flex flex-col gap-3 rounded-[12px] border border-line p-4"
          >
            <h3 id={nextId} className="font-bold text-ink">
              {kyc.next ? `Next: tier ${String(kyc.next.tier)}` : 'Your verification'}
            </h3>
            <NextStep kyc={kyc} userId={user.id} />
          </section>
        </>
      ) : terms.isError ? (
        <LoadError
          message="We could not load your verification."
          isRetrying={terms.isFetching}
          onRetry={() => void terms.refetch()}
        />
      ) : (
        <Spinner label="Loading your verification..." className="self-center py-8" />
      )}
    </section>
  );
}
