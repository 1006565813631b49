import type {
  ClaimedSupportConversation,
  SupportConversation,
} from '@karta/shared/schemas/support';
import { sendReleaseBeacon } from '../../lib/claims/release-beacon';
import { useDeskClaim, type ClaimDeskCalls } from '../../lib/claims/use-desk-claim';
import {
  useClaimConversationMutation,
  useHeartbeatSupportClaimMutation,
  useReleaseSupportClaimMutation,
  useTakeOverSupportClaimMutation,
} from './api';

/** The support desk's claim calls, for the claim hook every desk shares (decision 078). */
const SUPPORT_CLAIMS: ClaimDeskCalls<ClaimedSupportConversation> = {
  useClaim: useClaimConversationMutation,
  useTakeOver: useTakeOverSupportClaimMutation,
  useHeartbeat: useHeartbeatSupportClaimMutation,
  useRelease: useReleaseSupportClaimMutation,
  holderOf: (claimed) => claimed.claim?.by_user_id,
  sendBeacon: (id, token) => {
    sendReleaseBeacon('/support_claims/release', { conversation_id: id, release_token: token });
  },
};

/**
 * Holds this operator's claim on an open conversation while its desk page is open, as the trade
 * review page does (heartbeat, closing beacon, take-over: decision 078). A resolved one is not
 * claimed.
 */
export function useSupportClaim(conversation: SupportConversation, operatorId: string) {
  const isOpen = conversation.status !== 'resolved';
  return useDeskClaim(SUPPORT_CLAIMS, {
    id: conversation.id,
    operatorId,
    canClaim: isOpen,
    isOpen,
  });
}

export type SupportClaim = ReturnType<typeof useSupportClaim>;
