import { CLAIM_HEARTBEAT_SECONDS } from '@karta/shared/constants';
import { getLagosClockTime } from '@karta/shared/dates';
import type { AdminTrade, TradeClaim } from '@karta/shared/schemas/trades';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useGetReviewTradeQuery } from '../api';
import { claimEnd, holderName, isSilentClaim, takeOverFrom } from '../review-desk';
import { useNow } from '../use-now';

interface TakeOverClaimProps {
  trade: AdminTrade;
  claim: TradeClaim;
  isTakingOver: boolean;
  onTakeOver: () => Promise<boolean>;
}

/**
 * Another operator's claim (decision 072): the page looks at the trade again every heartbeat,
 * so it sees when their page went silent; after a minute of silence it offers "Take over",
 * asking first, since their page will lose the trade.
 */
export function TakeOverClaim({ trade, claim, isTakingOver, onTakeOver }: TakeOverClaimProps) {
  useGetReviewTradeQuery(trade.id, { pollingInterval: CLAIM_HEARTBEAT_SECONDS * 1000 });
  const now = useNow(undefined, takeOverFrom(claim));
  const [isAsking, setIsAsking] = useState(false);
  if (!isSilentClaim(claim, now)) return null;

  const name = holderName(claim);
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
        title={`Take over this trade from ${name}?`}
        description="It becomes yours to review. Their page will say they lost it, and the take-over is written to the audit log."
        summary={
          <p className="text-ink">
            Trade {trade.reference}: {name}’s claim until {claimEnd(claim)}
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
