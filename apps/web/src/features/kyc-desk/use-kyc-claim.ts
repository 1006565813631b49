import type { ClaimedKycReview, KycReview } from '@karta/shared/schemas/kyc-documents';
import { sendReleaseBeacon } from '../../lib/claims/release-beacon';
import { useDeskClaim, type ClaimDeskCalls } from '../../lib/claims/use-desk-claim';
import {
  useClaimKycSubmissionMutation,
  useHeartbeatKycClaimMutation,
  useReleaseKycClaimMutation,
  useTakeOverKycClaimMutation,
} from './api';

/** The KYC desk's claim calls, for the claim hook every desk shares (decision 078). */
const KYC_CLAIMS: ClaimDeskCalls<ClaimedKycReview> = {
  useClaim: useClaimKycSubmissionMutation,
  useTakeOver: useTakeOverKycClaimMutation,
  useHeartbeat: useHeartbeatKycClaimMutation,
  useRelease: useReleaseKycClaimMutation,
  holderOf: (claimed) => claimed.claim?.by_user_id,
  sendBeacon: (id, token) => {
    sendReleaseBeacon('/kyc_claims/release', { submission_id: id, release_token: token });
  },
};

/**
 * Holds this operator's claim on a waiting submission while its page is open, as the trade
 * review page does (heartbeat, closing beacon, take-over: decision 078). Nothing is claimed for
 * decided documents or the operator's own.
 */
export function useKycClaim(review: KycReview, operatorId: string) {
  const isOpen = review.status === 'pending_review';
  return useDeskClaim(KYC_CLAIMS, {
    id: review.id,
    operatorId,
    canClaim: isOpen && review.seller.id !== operatorId,
    isOpen,
  });
}
