import { CLAIM_HEARTBEAT_SECONDS } from '@karta/shared/constants';
import type { AdminTrade, ClaimedTrade } from '@karta/shared/schemas/trades';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getErrorCode, getErrorMessage, markShownInPlace } from '../../lib/api-error';
import {
  useClaimTradeMutation,
  useHeartbeatTradeClaimMutation,
  useReleaseTradeMutation,
  useTakeOverTradeClaimMutation,
} from './api';
import { sendReleaseBeacon } from './release-beacon';
import { isFirstApprover, isUnderReview } from './review-desk';

const HEARTBEAT_MS = CLAIM_HEARTBEAT_SECONDS * 1000;

/**
 * Holds this operator's claim on a pending trade while its review page is open (decisions 020
 * and 072): claims on opening; while the page is visible, a heartbeat every
 * CLAIM_HEARTBEAT_SECONDS keeps the claim (and says so at once on coming back to the tab);
 * closing the tab sends a beacon with the claim's release token, since a beacon carries no
 * session; leaving the page within the app releases it (by the token too, should the session
 * have ended). A heartbeat answered CLAIM_LOST means
 * another operator took the trade over: the page stops and says so (`lostMessage`).
 * Nothing is claimed for a trade that is decided or is the operator's own. Claims and releases
 * are deferred by a tick, so a component mounted twice in a row (React's StrictMode) makes one
 * claim, not claim, release, claim.
 */
export function useTradeClaim(trade: AdminTrade, operatorId: string) {
  const [claim, claimState] = useClaimTradeMutation();
  const [takeOverClaim, takeOverState] = useTakeOverTradeClaimMutation();
  const [heartbeat] = useHeartbeatTradeClaimMutation();
  const [release] = useReleaseTradeMutation();
  const { id } = trade;
  // The first approver of a large trade cannot confirm it, so they do not hold it either.
  const canClaim =
    isUnderReview(trade) && trade.user.id !== operatorId && !isFirstApprover(trade, operatorId);
  // Read by the cleanup, which must not release a trade that was just decided.
  const isPending = useRef(isUnderReview(trade));
  isPending.current = isUnderReview(trade);
  const isHeld = useRef(false);
  /** For the closing beacon only; each claim answers a new one. */
  const releaseToken = useRef<string | undefined>(undefined);
  /** A claim lost to someone else is not taken back by coming back to the tab. */
  const isLost = useRef(false);
  const lastContactAt = useRef(0);
  const pendingRelease = useRef<{ id: string; timer: number } | undefined>(undefined);
  const [hasTried, setHasTried] = useState(false);
  const [lostMessage, setLostMessage] = useState<string | undefined>(undefined);

  const hold = useCallback(
    (claimed: ClaimedTrade) => {
      isHeld.current = claimed.claim?.holder.id === operatorId;
      releaseToken.current = isHeld.current ? claimed.release_token : undefined;
      isLost.current = false;
      setLostMessage(undefined);
    },
    [operatorId],
  );
  const letGo = () => {
    isHeld.current = false;
    releaseToken.current = undefined;
  };

  const take = useCallback(async () => {
    lastContactAt.current = Date.now();
    try {
      hold(await claim(id).unwrap());
    } catch {
      // Another operator holds it (the page says who) or the call failed (the toast says so).
      letGo();
    } finally {
      setHasTried(true);
    }
  }, [claim, hold, id]);

  const beat = useCallback(async () => {
    lastContactAt.current = Date.now();
    try {
      await heartbeat(id).unwrap();
    } catch (error) {
      // A failed call is tried again on the next beat; only a lost claim stops them.
      if (getErrorCode(error) !== 'CLAIM_LOST') return;
      markShownInPlace(error);
      letGo();
      isLost.current = true;
      setLostMessage(getErrorMessage(error));
    }
  }, [heartbeat, id]);

  useEffect(() => {
    if (!canClaim) return;
    if (pendingRelease.current?.id === id) window.clearTimeout(pendingRelease.current.timer);

    // A hidden page is not being worked on: no heartbeat, so after a minute it can be taken over.
    const beatTimer = window.setInterval(() => {
      if (isHeld.current && document.visibilityState === 'visible') void beat();
    }, HEARTBEAT_MS);
    const onVisible = () => {
      if (document.visibilityState !== 'visible' || isLost.current) return;
      if (Date.now() - lastContactAt.current < HEARTBEAT_MS) return;
      // Back at the page: say so at once (and learn whether the claim was lost meanwhile).
      void (isHeld.current ? beat() : take());
    };
    const onPageHide = () => {
      const token = releaseToken.current;
      if (isHeld.current && token) sendReleaseBeacon(id, token);
      letGo();
      lastContactAt.current = 0;
    };

    const firstClaim = window.setTimeout(() => void take(), 0);
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('pageshow', onVisible);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.clearTimeout(firstClaim);
      window.clearInterval(beatTimer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('pageshow', onVisible);
      window.removeEventListener('pagehide', onPageHide);
      const token = releaseToken.current;
      const timer = window.setTimeout(() => {
        if (isHeld.current && isPending.current) {
          // A session that ended meanwhile refuses this release; the claim's token still works.
          release(id)
            .unwrap()
            .catch(() => {
              if (token) sendReleaseBeacon(id, token);
            });
        }
        letGo();
      }, 0);
      pendingRelease.current = { id, timer };
    };
  }, [beat, canClaim, id, release, take]);

  return {
    canClaim,
    /** Until the first answer, and while a claim is on its way. */
    isClaiming: !hasTried || claimState.isLoading,
    /** Takes the trade after someone else's claim has ended. */
    claimNow: () => {
      void take();
    },
    /** Why this page no longer holds the trade, in the server's words, once a heartbeat said so. */
    lostMessage,
    isTakingOver: takeOverState.isLoading,
    /**
     * Takes the trade from an operator whose page has been silent for a minute; answers whether
     * it did (a refusal is toasted: they are back).
     */
    takeOver: async () => {
      try {
        hold(await takeOverClaim(id).unwrap());
        lastContactAt.current = Date.now();
        return true;
      } catch {
        return false;
      }
    },
  };
}
