import { CLAIM_TAKEOVER_SILENCE_SECONDS } from '@karta/shared/constants';
import { getLagosClockTime } from '@karta/shared/dates';
import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';

/** What the offer needs of a claim, whichever desk's: until when, and when its page was heard. */
interface SilentClaim {
  until: string;
  seen_at: string | null;
}

/** When the holder's page will have been silent long enough to take the claim over (epoch ms). */
const takeOverFrom = (claim: SilentClaim) =>
  claim.seen_at === null
    ? 0
    : new Date(claim.seen_at).getTime() + CLAIM_TAKEOVER_SILENCE_SECONDS * 1000;

interface TakeOverSilentClaimProps {
  claim: SilentClaim;
  /** Who holds it, as the page names them. */
  holder: string;
  /** What is claimed, as the question names it: "these documents", "this trade". */
  what: string;
  /** What taking over means, when the desk says more than the default. */
  description?: string;
  /** The claim as the dialog sums it up; by default the holder and the claim's end. */
  summary?: ReactNode;
  isTakingOver: boolean;
  onTakeOver: () => Promise<boolean>;
}

/**
 * Another operator's claim on a trade, a KYC submission or a support conversation (decisions
 * 072 and 078): once their page has been silent for a minute it offers "Take over", asking
 * first, since their page will lose the item. The page showing it looks at the item again every
 * heartbeat, so `claim.seen_at` is fresh.
 */
export function TakeOverSilentClaim({
  claim,
  holder,
  what,
  description = 'It becomes yours. Their page will say they lost it, and the take-over is written to the audit log.',
  summary,
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
        title={`Take over ${what} from ${holder}?`}
        description={description}
        summary={
          summary ?? (
            <p className="text-ink">
              {holder}’s claim until {getLagosClockTime(new Date(claim.until))}
            </p>
          )
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
