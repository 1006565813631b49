import type { AdminTrade } from '@karta/shared/schemas/trades';
import { RecordNotice } from '../../../components/history/record-notice';
import { Button } from '../../../components/ui/button';
import { claimEnd, holderName, liveClaim } from '../review-desk';
import { NextPendingButton } from './next-pending-button';

interface ClaimNoticeProps {
  trade: AdminTrade;
  operatorId: string;
  now: number;
  isClaiming: boolean;
  onClaim: () => void;
}

/**
 * Who is reviewing this pending trade: this operator (until when), another one (who cannot be
 * overruled until their claim ends), or nobody yet.
 */
export function ClaimNotice({ trade, operatorId, now, isClaiming, onClaim }: ClaimNoticeProps) {
  const claim = liveClaim(trade, now);
  if (claim?.holder.id === operatorId) {
    return (
      <RecordNotice label="Review claim" tone="approved">
        <p className="text-ink">
          <span className="font-bold">You are reviewing this trade until {claimEnd(claim)}.</span>{' '}
          No other operator can decide it meanwhile; it stays yours while this page is open.
        </p>
      </RecordNotice>
    );
  }
  if (claim) {
    return (
      <RecordNotice label="Review claim" tone="pending">
        <p className="text-ink">
          <span className="font-bold">
            {holderName(claim)} is reviewing this trade until {claimEnd(claim)}.
          </span>{' '}
          You can look at it, but only they can decide it until then.
        </p>
        <div className="mt-3">
          <NextPendingButton currentId={trade.id} />
        </div>
      </RecordNotice>
    );
  }
  return (
    <RecordNotice label="Review claim" tone="neutral">
      {isClaiming ? (
        <p role="status" className="text-slate">
          Claiming this trade for you...
        </p>
      ) : (
        <div className="flex flex-col items-start gap-3">
          <p className="text-ink">Nobody is reviewing this trade now.</p>
          <Button variant="secondary" onClick={onClaim}>
            Review this trade
          </Button>
        </div>
      )}
    </RecordNotice>
  );
}
