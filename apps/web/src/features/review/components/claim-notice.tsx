import type { AdminTrade } from '@karta/shared/schemas/trades';
import { RecordNotice } from '../../../components/history/record-notice';
import { Button } from '../../../components/ui/button';
import { claimEnd, holderName, liveClaim } from '../review-desk';
import { NextPendingButton } from './next-pending-button';
import { TakeOverClaim } from './take-over-claim';
import { LostClaim } from '../../../components/claims/lost-claim';

interface ClaimNoticeProps {
  trade: AdminTrade;
  operatorId: string;
  now: number;
  isClaiming: boolean;
  onClaim: () => void;
  /** Set once a heartbeat said another operator took the trade over (decision 072). */
  lostMessage?: string | undefined;
  isTakingOver: boolean;
  onTakeOver: () => Promise<boolean>;
}

/**
 * Who is reviewing this pending trade: this operator (until when), another one (who cannot be
 * overruled until their claim ends, unless their page has been silent for a minute: then it
 * can be taken over), or nobody yet; and, once a heartbeat said so, that this page lost it.
 */
export function ClaimNotice({
  trade,
  operatorId,
  now,
  isClaiming,
  onClaim,
  lostMessage,
  isTakingOver,
  onTakeOver,
}: ClaimNoticeProps) {
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
        <LostClaim message={lostMessage} />
        <p className="text-ink">
          <span className="font-bold">
            {holderName(claim)} is reviewing this trade until {claimEnd(claim)}.
          </span>{' '}
          You can look at it, but only they can decide it until then.
        </p>
        <TakeOverClaim
          trade={trade}
          claim={claim}
          isTakingOver={isTakingOver}
          onTakeOver={onTakeOver}
        />
        <div className="mt-3">
          <NextPendingButton currentId={trade.id} />
        </div>
      </RecordNotice>
    );
  }
  return (
    <RecordNotice label="Review claim" tone="neutral">
      <LostClaim message={lostMessage} />
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
