import { CLAIM_TAKEOVER_SILENCE_SECONDS } from '@karta/shared/constants';
import { getLagosClockTime } from '@karta/shared/dates';
import type { DeskClaim } from '@karta/shared/schemas/claims';
import { useEffect, useState } from 'react';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';

/** When the holder's page will have been silent long enough to take the claim over (epoch ms). */
const takeOverFrom = (claim: DeskClaim) =>
  claim.seen_at === null
    ? 0
    : new Date(claim.seen_at).getTime() + CLAIM_TAKEOVER_SILENCE_SECONDS * 1000;

interface TakeOverSilentClaimProps {
  claim: DeskClaim;
  /** What is claimed, as the question names it: "these documents", "this conversation". */
  what: string;
  isTakingOver: boolean;
  onTakeOver: () => Promise<boolean>;
}

/**
 * Another operator's claim on a KYC submission or a support conversation (decision 078, as on
 * trades: decision 072): once their page has been silent for a minute it offers "Take over",
 * asking first, since their page will lose the item. The page showing it looks at the item
 * again every heartbeat, so `claim.seen_at` is fresh.
 */
export function TakeOverSilentClaim({
  claim,
  what,
  isTakingOver,
  onTakeOver,
}: TakeOverSilentClaimProps) {
  const from = takeOverFrom(claim);
  const [now, setNow] = useState(() => Date.now());
  const [isAsking, setIsAsking] = useState(false);
  useEffect(() => {
    const wait = from - Date.now();
    if (wait < 0) return;
    const timer = window.setTimeout(() => {
      setNow(Date.now());
    }, wait + 50);
    return () => {
      window.clearTimeout(timer);
    };
  }, [from]);
  if (Math.max(now, Date.now()) < from) return null;

  const lastSeen = claim.seen_at
    ? `Their page has sent no sign of life since ${getLagosClockTime(new Date(claim.seen_at))}`
    : 'Their page has sent no sign of life';
  return (
    <div className="mt-3 flex flex-col items-start gap-3">
      <p className="text-ink">{lastSeen}: they may have left it open and walked away.</p>
      <Button
        variant="secondary"
        onClick={() => {
          setIsAsking(true);
        }}
      >
        Take over
      </Button>
      <ConfirmDialog
        isOpen={isAsking}
        onClose={() => {
          if (!isTakingOver) setIsAsking(false);
        }}
        title={`Take over ${what} from ${claim.by_name}?`}
        description="It becomes yours. Their page will say they lost it, and the take-over is written to the audit log."
        summary={
          <p className="text-ink">
            {claim.by_name}’s claim until {getLagosClockTime(new Date(claim.until))}
          </p>
        }
        confirmLabel="Take over"
        loadingText="Taking over..."
        variant="primary"
        isBusy={isTakingOver}
        onConfirm={() => {
          void onTakeOver().then(() => {
            setIsAsking(false);
          });
        }}
      />
    </div>
  );
}
