import { CLAIM_HEARTBEAT_SECONDS } from '@karta/shared/constants';
import {
  KYC_ID_TYPE_LABELS,
  KYC_REJECTION_REASON_WORDS,
  KYC_REJECTION_REASONS,
  type KycRejectionReason,
  type KycReview,
} from '@karta/shared/schemas/kyc-documents';
import { useId, useState, type SubmitEvent } from 'react';
import { Link, useParams } from 'react-router';
import { TakeOverSilentClaim } from '../../../components/claims/take-over-silent-claim';
import { RecordNotice } from '../../../components/history/record-notice';
import { Button } from '../../../components/ui/button';
import { FieldMessage } from '../../../components/ui/field-message';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { TextArea } from '../../../components/ui/text-area';
import { consolePaths } from '../../../config/console-paths';
import { getFieldErrors, markShownInPlace } from '../../../lib/api-error';
import { formatLagosDateTime } from '../../../lib/format-date';
import { selectUserId } from '../../../lib/session/auth-slice';
import { useAppSelector } from '../../../lib/store/hooks';
import { toast } from '../../../lib/toast';
import {
  useApproveKycSubmissionMutation,
  useGetKycSubmissionQuery,
  useRejectKycSubmissionMutation,
} from '../api';
import { waitedWords } from '../kyc-desk-words';
import { useKycClaim } from '../use-kyc-claim';
import { LostClaim } from '../../../components/claims/lost-claim';

const SELECT = 'min-h-11 w-full rounded-[12px] border border-line bg-white px-3 text-base text-ink';

/** One photo, large enough to read, opening full size in a new tab. */
function DocumentPhoto({ label, url }: { label: string; url: string }) {
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="text-sm font-semibold text-ink">{label}</figcaption>
      <a href={url} target="_blank" rel="noreferrer">
        <img
          src={url}
          alt={label}
          className="max-h-96 w-full rounded-[12px] border border-line bg-white object-contain"
        />
      </a>
    </figure>
  );
}

function Facts({ review }: { review: KycReview }) {
  const rows: [string, string][] = [
    ['Seller', `${review.seller.first_name} ${review.seller.last_name} (${review.seller.email})`],
    ['ID', `${KYC_ID_TYPE_LABELS[review.id_type]}, number ${review.id_number}`],
    ['Address', review.address],
    [
      'BVN check',
      review.bvn.verified_at
        ? `BVN ending ${review.bvn.last4 ?? '????'} verified ${formatLagosDateTime(review.bvn.verified_at)}; date of birth ${review.bvn.date_of_birth ?? 'not given'}`
        : 'BVN not verified',
    ],
    [
      'Sent',
      `${formatLagosDateTime(review.submitted_at)} (${waitedWords(review.waiting_minutes)})`,
    ],
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-2 rounded-[12px] border border-line bg-white p-4 md:grid-cols-[10rem_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-sm font-semibold text-slate">{term}</dt>
          <dd className="break-words text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function RejectForm({ id }: { id: string }) {
  const reasonId = useId();
  const [reject, { isLoading }] = useRejectKycSubmissionMutation();
  const [reason, setReason] = useState<KycRejectionReason | ''>('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reason) {
      setErrors({ reason: 'Choose why the documents cannot be approved.' });
      return;
    }
    if (reason === 'other' && !note.trim()) {
      setErrors({ note: 'Say what is wrong in the note when the reason is "other".' });
      return;
    }
    setErrors({});
    try {
      await reject({
        id,
        body: { reason, ...(note.trim() ? { note: note.trim() } : {}) },
      }).unwrap();
      toast.success('Documents rejected. The seller is told why.');
    } catch (error) {
      const fieldErrors = getFieldErrors(error);
      setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length > 0) markShownInPlace(error);
    }
  };

  return (
    <form
      noValidate
      aria-label="Reject"
      className="flex flex-col gap-3"
      onSubmit={(event) => void submit(event)}
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={reasonId} className="text-sm font-medium text-ink">
          Reason
        </label>
        <select
          id={reasonId}
          value={reason}
          className={SELECT}
          aria-invalid={errors.reason ? true : undefined}
          onChange={(event) => {
            setReason(event.target.value as KycRejectionReason | '');
          }}
        >
          <option value="">Choose a reason</option>
          {KYC_REJECTION_REASONS.map((each) => (
            <option key={each} value={each}>
              {KYC_REJECTION_REASON_WORDS[each]}
            </option>
          ))}
        </select>
        <FieldMessage fieldId={reasonId} error={errors.reason} />
      </div>
      <TextArea
        label="Note to the seller"
        length={note.length}
        maxLength={500}
        rows={2}
        value={note}
        error={errors.note}
        onChange={(event) => {
          setNote(event.target.value);
        }}
      />
      <Button type="submit" variant="secondary" isLoading={isLoading} className="sm:w-fit">
        Reject
      </Button>
    </form>
  );
}

/**
 * Claimed on opening and kept while the page is open (decision 078), then approve or reject:
 * only the operator holding the claim may decide. Another operator's claim whose page has been
 * silent for a minute can be taken over.
 */
function Decision({ review, operatorId }: { review: KycReview; operatorId: string }) {
  const claim = useKycClaim(review, operatorId);
  const [approve, { isLoading: isApproving }] = useApproveKycSubmissionMutation();
  if (review.status !== 'pending_review') {
    return (
      <RecordNotice label="Decision" tone={review.status === 'approved' ? 'approved' : 'rejected'}>
        <p className="font-semibold text-ink">
          {review.status === 'approved' ? 'Approved' : 'Rejected'}
          {review.decided_at ? ` ${formatLagosDateTime(review.decided_at)}` : ''}.
        </p>
        {review.rejection && (
          <p className="mt-1 text-ink">
            {review.rejection.reason_words} {review.rejection.note}
          </p>
        )}
      </RecordNotice>
    );
  }
  if (review.claim && review.claim.by_user_id !== operatorId) {
    return (
      <RecordNotice label="Decision" tone="pending">
        <LostClaim message={claim.lostMessage} />
        <p className="text-ink">
          {review.claim.by_name} is reviewing these documents until{' '}
          {formatLagosDateTime(review.claim.until)}. Only they can decide them until then.
        </p>
        <TakeOverSilentClaim
          claim={review.claim}
          holder={review.claim.by_name}
          what="these documents"
          isTakingOver={claim.isTakingOver}
          onTakeOver={claim.takeOver}
        />
      </RecordNotice>
    );
  }
  if (!review.claim) {
    return (
      <RecordNotice label="Decision" tone="neutral">
        <LostClaim message={claim.lostMessage} />
        <p className="text-ink">Nobody is reviewing these documents now.</p>
        <Button
          className="mt-3"
          variant="secondary"
          isLoading={claim.isClaiming}
          onClick={claim.claimNow}
        >
          Review these documents
        </Button>
      </RecordNotice>
    );
  }
  return (
    <RecordNotice label="Decision" tone="approved">
      <p className="text-ink">
        You are reviewing these documents until {formatLagosDateTime(review.claim.until)}.
      </p>
      <div className="mt-3 flex flex-col gap-5">
        <Button
          className="sm:w-fit"
          isLoading={isApproving}
          onClick={() => {
            void approve(review.id)
              .unwrap()
              .then(() => {
                toast.success('Documents approved. The seller is told.');
              })
              .catch(() => undefined);
          }}
        >
          Approve: tier 3
        </Button>
        <RejectForm id={review.id} />
      </div>
    </RecordNotice>
  );
}

/** One submission: the ID beside the selfie, the proof of address, the BVN check, the decision. */
export function KycReviewPage() {
  const { id = '' } = useParams();
  const operatorId = useAppSelector(selectUserId) ?? '';
  const [isWatchingClaim, setIsWatchingClaim] = useState(false);
  // While another operator holds the documents, look again every heartbeat to see their page
  // go silent (decision 078).
  const { currentData, isError, isFetching, refetch } = useGetKycSubmissionQuery(id, {
    pollingInterval: isWatchingClaim ? CLAIM_HEARTBEAT_SECONDS * 1000 : 0,
  });
  const othersClaim =
    currentData?.claim !== null &&
    currentData?.claim !== undefined &&
    currentData.claim.by_user_id !== operatorId;
  if (othersClaim !== isWatchingClaim) setIsWatchingClaim(othersClaim);

  const body = () => {
    if (currentData === undefined && isError) {
      return (
        <LoadError
          message="We could not load these documents."
          onRetry={() => void refetch()}
          isRetrying={isFetching}
        />
      );
    }
    if (currentData === undefined) return <ListSkeleton label="Loading documents" />;
    const { images } = currentData;
    return (
      <>
        <Facts review={currentData} />
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <DocumentPhoto label="ID, front" url={images.id_front} />
          <DocumentPhoto label="Selfie" url={images.selfie} />
          {images.id_back && <DocumentPhoto label="ID, back" url={images.id_back} />}
          <DocumentPhoto label="Proof of address" url={images.proof_of_address} />
        </div>
        <Decision review={currentData} operatorId={operatorId} />
      </>
    );
  };

  return (
    <div className="flex flex-col gap-5">
      <div>
        <Link to={consolePaths.kyc.getHref()} className="text-sm font-semibold text-brand">
          ← KYC desk
        </Link>
        <h1 className="mt-1 text-2xl font-bold text-ink md:text-3xl">Documents</h1>
      </div>
      {body()}
    </div>
  );
}
