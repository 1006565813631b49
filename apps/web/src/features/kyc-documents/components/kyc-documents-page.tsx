import { KYC_ID_TYPE_LABELS, type KycSubmission } from '@karta/shared/schemas/kyc-documents';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { Button } from '../../../components/ui/button';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { selectUserId } from '../../../lib/session/auth-slice';
import { useAppSelector } from '../../../lib/store/hooks';
import { useGetWithdrawalTermsQuery } from '../../../lib/withdrawal-terms-api';
import { formatLimit } from '@karta/shared/kyc-tiers';
import { toKobo } from '../../../lib/format-money';
import { useGetKycDocumentsQuery } from '../api';
import { KycDocumentsForm } from './kyc-documents-form';

const lagosDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'Africa/Lagos' }).format(
    new Date(iso),
  );

/** Where the latest documents stand: waiting, approved, or sent back with why. */
function SubmissionStatus({
  submission,
  onSendAgain,
  tier3Daily,
}: {
  submission: KycSubmission;
  onSendAgain: () => void;
  /** Tier 3's daily limit as the server is configured, once the terms are in. */
  tier3Daily: string | undefined;
}) {
  const sent = `${KYC_ID_TYPE_LABELS[submission.id_type]} ending ${submission.id_number_last4}, sent on ${lagosDate(submission.submitted_at)}.`;
  if (submission.status === 'pending_review') {
    return (
      <div role="status" className="rounded-[12px] border border-line bg-pending/10 p-4">
        <p className="font-semibold text-pending">Waiting for review</p>
        <p className="mt-1 text-ink">
          {sent} We usually review documents within a working day, and tell you by e-mail.
        </p>
      </div>
    );
  }
  if (submission.status === 'approved') {
    return (
      <div role="status" className="rounded-[12px] border border-line bg-brand/10 p-4">
        <p className="font-semibold text-brand">Approved</p>
        <p className="mt-1 text-ink">
          {sent} You are tier 3{tier3Daily ? `: ${tier3Daily} a day` : ''}.
        </p>
      </div>
    );
  }
  return (
    <div role="status" className="rounded-[12px] border border-line bg-rejected/10 p-4">
      <p className="font-semibold text-rejected">Not approved</p>
      <p className="mt-1 text-ink">{submission.rejection?.reason_words}</p>
      {submission.rejection?.note && (
        <p className="mt-1 break-words text-ink">
          <span className="font-semibold">Our note:</span> {submission.rejection.note}
        </p>
      )}
      <Button className="mt-3 sm:w-fit" onClick={onSendAgain}>
        Send again
      </Button>
    </div>
  );
}

/** Settings › Verification › Documents: tier 3's documents and where they stand (decision 066). */
export function KycDocumentsPage() {
  const userId = useAppSelector(selectUserId) ?? '';
  const { currentData, isError, isFetching, refetch } = useGetKycDocumentsQuery(userId, {
    skip: !userId,
  });
  const [isSendingAgain, setIsSendingAgain] = useState(false);
  const terms = useGetWithdrawalTermsQuery(userId, { skip: !userId });
  const tier3 = terms.data?.tiers.find((each) => each.tier === 3);
  const tier3Daily = tier3 ? formatLimit(BigInt(toKobo(tier3.daily_withdrawal))) : undefined;

  const body = () => {
    if (currentData === undefined && isError) {
      return (
        <LoadError
          message="We could not load your documents."
          onRetry={() => void refetch()}
          isRetrying={isFetching}
        />
      );
    }
    if (currentData === undefined) return <ListSkeleton label="Loading your documents" />;
    // Tier 3 builds on tier 2 (decision 066): say so before anything is uploaded.
    const tier = terms.data?.kyc.tier;
    if (currentData === null && tier !== undefined && tier < 2) {
      return (
        <div
          role="status"
          className="flex flex-col items-start gap-3 rounded-[12px] border border-line p-4"
        >
          <p className="text-ink">
            Documents come after your BVN and your NIN (tier 2). You are at tier {tier}.
          </p>
          <Link
            to={paths.dashboard.verification.getHref()}
            className="inline-flex min-h-11 items-center rounded-[12px] bg-brand px-5 font-semibold text-white hover:bg-brand-deep"
          >
            Go to Verification
          </Link>
        </div>
      );
    }
    const showForm = currentData === null || (currentData.status === 'rejected' && isSendingAgain);
    return (
      <>
        {currentData && !showForm && (
          <SubmissionStatus
            tier3Daily={tier3Daily}
            submission={currentData}
            onSendAgain={() => {
              setIsSendingAgain(true);
            }}
          />
        )}
        {showForm && <KycDocumentsForm userId={userId} />}
      </>
    );
  };

  return (
    <section aria-labelledby="kyc-documents-title" className="flex max-w-2xl flex-col gap-5">
      <div>
        <h2 id="kyc-documents-title" className="text-xl font-bold text-ink">
          Your documents
        </h2>
        <p className="mt-1 text-sm text-slate">
          Tier 3 lets you withdraw up to {tier3Daily ?? 'more'} a day. Send a government ID (NIN
          slip, driver’s licence, international passport or voter’s card), a selfie and a proof of
          address from the last 3 months. An operator checks them against your BVN.
        </p>
      </div>
      {body()}
    </section>
  );
}
