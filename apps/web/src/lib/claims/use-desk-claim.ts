import { CLAIM_HEARTBEAT_SECONDS } from '@karta/shared/constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getErrorCode, getErrorMessage, markShownInPlace } from '../api-error';

const HEARTBEAT_MS = CLAIM_HEARTBEAT_SECONDS * 1000;

/** A mutation's trigger as RTK Query hands it out: called with the item's id, unwrapped. */
type Trigger<Answer> = (id: string) => { unwrap: () => Promise<Answer> };
type MutationHook<Answer> = () => readonly [Trigger<Answer>, { isLoading: boolean }];

/**
 * One desk's claim calls (decision 078): the trade, KYC and support desks each give their
 * mutations, who holds the claim an answer describes, and how the closing page's beacon names
 * the item. Kept at module level, so the hook's effects do not start again on every render.
 */
export interface ClaimDeskCalls<Claimed extends { release_token: string }> {
  useClaim: MutationHook<Claimed>;
  useTakeOver: MutationHook<Claimed>;
  useHeartbeat: MutationHook<unknown>;
  useRelease: MutationHook<unknown>;
  /** The id of the operator a claim's answer says holds the item, if anyone. */
  holderOf: (claimed: Claimed) => string | undefined;
  /** Sends the closing page's beacon with the claim's release token. */
  sendBeacon: (id: string, releaseToken: string) => void;
}

/**
 * Holds this operator's claim on an item while its desk page is open (decisions 020, 072 and
 * 078): claims on opening; while the page is visible, a heartbeat every CLAIM_HEARTBEAT_SECONDS
 * keeps the claim (and says so at once on coming back to the tab); closing the tab sends a
 * beacon with the claim's release token, since a beacon carries no session; leaving the page
 * within the app releases it (by the token too, should the session have ended). A heartbeat
 * answered CLAIM_LOST means another operator took the item over: the page stops and says so
 * (`lostMessage`). Nothing is claimed unless `canClaim`; `isOpen` is read when leaving, so an
 * item decided meanwhile is not released. Claims and releases are deferred by a tick, so a
 * component mounted twice in a row (React's StrictMode) makes one claim, not claim, release,
 * claim.
 */
export function useDeskClaim<Claimed extends { release_token: string }>(
  desk: ClaimDeskCalls<Claimed>,
  options: { id: string; operatorId: string; canClaim: boolean; isOpen: boolean },
) {
  const [claim, claimState] = desk.useClaim();
  const [takeOverClaim, takeOverState] = desk.useTakeOver();
  const [heartbeat] = desk.useHeartbeat();
  const [release] = desk.useRelease();
  const { id, operatorId, canClaim } = options;
  const { holderOf, sendBeacon } = desk;
  // Read by the cleanup, which must not release an item that was just decided.
  const isOpen = useRef(options.isOpen);
  isOpen.current = options.isOpen;
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
    (claimed: Claimed) => {
      isHeld.current = holderOf(claimed) === operatorId;
      releaseToken.current = isHeld.current ? claimed.release_token : undefined;
      isLost.current = false;
      setLostMessage(undefined);
    },
    [holderOf, operatorId],
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
      if (isHeld.current && token) sendBeacon(id, token);
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
        if (isHeld.current && isOpen.current) {
          // A session that ended meanwhile refuses this release; the claim's token still works.
          release(id)
            .unwrap()
            .catch(() => {
              if (token) sendBeacon(id, token);
            });
        }
        letGo();
      }, 0);
      pendingRelease.current = { id, timer };
    };
  }, [beat, canClaim, id, release, sendBeacon, take]);

  return {
    canClaim,
    /** Until the first answer, and while a claim is on its way. */
    isClaiming: !hasTried || claimState.isLoading,
    /** Takes the item after someone else's claim has ended. */
    claimNow: () => {
      void take();
    },
    /** Why this page no longer holds the item, in the server's words, once a heartbeat said so. */
    lostMessage,
    isTakingOver: takeOverState.isLoading,
    /**
     * Takes the item from an operator whose page has been silent for a minute; answers whether
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
