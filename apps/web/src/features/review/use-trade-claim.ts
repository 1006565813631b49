import type { AdminTrade } from '@karta/shared/schemas/trades';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useClaimTradeMutation, useReleaseTradeMutation } from './api';
import { isFirstApprover, isUnderReview } from './review-desk';

/** Renewals come well before the claim ends, but never more than four times a minute. */
const MIN_RENEW_MS = 15_000;
/** Coming back to the tab renews at once, unless the last claim is this fresh. */
const FRESH_CLAIM_MS = 60_000;

/**
 * Holds this operator's claim on a pending trade while its review page is open: claims on
 * opening, renews half-way through each claim while the page is visible (and on coming back
 * to it), and releases on leaving the page or closing the tab. Nothing is claimed for a trade
 * that is decided or is the operator's own. Claims and releases are deferred by a tick, so a
 * component mounted twice in a row (React's StrictMode) makes one claim, not claim, release,
 * claim.
 */
export function useTradeClaim(trade: AdminTrade, operatorId: string) {
  const [claim, claimState] = useClaimTradeMutation();
  const [release] = useReleaseTradeMutation();
  const { id } = trade;
  // The first approver of a large trade cannot confirm it, so they do not hold it either.
  const canClaim =
    isUnderReview(trade) && trade.user.id !== operatorId && !isFirstApprover(trade, operatorId);
  // Read by the cleanup, which must not release a trade that was just decided.
  const isPending = useRef(isUnderReview(trade));
  isPending.current = isUnderReview(trade);
  const isHeld = useRef(false);
  const lastClaimAt = useRef(0);
  const pendingRelease = useRef<{ id: string; timer: number } | undefined>(undefined);
  const scheduleRenewal = useRef<(until: string | undefined) => void>(() => undefined);
  const [hasTried, setHasTried] = useState(false);

  const take = useCallback(async () => {
    lastClaimAt.current = Date.now();
    try {
      const claimed = await claim(id).unwrap();
      isHeld.current = claimed.claim?.holder.id === operatorId;
      return claimed.claim?.until;
    } catch {
      // Another operator holds it (the page says who) or the call failed (the toast says so).
      isHeld.current = false;
      return undefined;
    } finally {
      setHasTried(true);
    }
  }, [claim, id, operatorId]);

  useEffect(() => {
    if (!canClaim) return;
    if (pendingRelease.current?.id === id) window.clearTimeout(pendingRelease.current.timer);
    let renewTimer: number | undefined;
    let isActive = true;

    const renewLater = (until: string | undefined) => {
      window.clearTimeout(renewTimer);
      if (!until || !isActive) return;
      const delay = Math.max(MIN_RENEW_MS, (new Date(until).getTime() - Date.now()) / 2);
      renewTimer = window.setTimeout(() => {
        // A hidden page is not being worked on: the claim lapses unless the operator returns.
        if (document.visibilityState === 'visible') void take().then(renewLater);
      }, delay);
    };
    scheduleRenewal.current = renewLater;
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      if (Date.now() - lastClaimAt.current < FRESH_CLAIM_MS) return;
      void take().then(renewLater);
    };
    const onPageHide = () => {
      if (isHeld.current) void release(id);
      isHeld.current = false;
      lastClaimAt.current = 0;
    };

    const firstClaim = window.setTimeout(() => void take().then(renewLater), 0);
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('pageshow', onVisible);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      isActive = false;
      window.clearTimeout(firstClaim);
      window.clearTimeout(renewTimer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('pageshow', onVisible);
      window.removeEventListener('pagehide', onPageHide);
      const timer = window.setTimeout(() => {
        if (isHeld.current && isPending.current) void release(id);
        isHeld.current = false;
      }, 0);
      pendingRelease.current = { id, timer };
    };
  }, [canClaim, id, release, take]);

  return {
    canClaim,
    /** Until the first answer, and while a claim is on its way. */
    isClaiming: !hasTried || claimState.isLoading,
    /** Takes the trade after someone else's claim has ended. */
    claimNow: () => {
      void take().then((until) => {
        scheduleRenewal.current(until);
      });
    },
  };
}
