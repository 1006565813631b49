import type { AdminTrade, ClaimedTrade } from '@karta/shared/schemas/trades';
import { sendReleaseBeacon } from '../../lib/claims/release-beacon';
import { useDeskClaim, type ClaimDeskCalls } from '../../lib/claims/use-desk-claim';
import {
  useClaimTradeMutation,
  useHeartbeatTradeClaimMutation,
  useReleaseTradeMutation,
  useTakeOverTradeClaimMutation,
} from './api';
import { isFirstApprover, isUnderReview } from './review-desk';

/** The trade desk's claim calls, for the claim hook every desk shares (decision 078). */
const TRADE_CLAIMS: ClaimDeskCalls<ClaimedTrade> = {
  useClaim: useClaimTradeMutation,
  useTakeOver: useTakeOverTradeClaimMutation,
  useHeartbeat: useHeartbeatTradeClaimMutation,
  useRelease: useReleaseTradeMutation,
  holderOf: (claimed) => claimed.claim?.holder.id,
  sendBeacon: (id, token) => {
    sendReleaseBeacon('/trade_claims/release', { trade_id: id, release_token: token });
  },
};

/**
 * Holds this operator's claim on a pending trade while its review page is open (decisions 020,
 * 072 and 078: heartbeat, closing beacon, take-over; see `useDeskClaim`). Nothing is claimed for
 * a trade that is decided or is the operator's own; the first approver of a large trade cannot
 * confirm it, so they do not hold it either.
 */
export function useTradeClaim(trade: AdminTrade, operatorId: string) {
  const canClaim =
    isUnderReview(trade) && trade.user.id !== operatorId && !isFirstApprover(trade, operatorId);
  return useDeskClaim(TRADE_CLAIMS, {
    id: trade.id,
    operatorId,
    canClaim,
    isOpen: isUnderReview(trade),
  });
}
