import { CLAIM_HEARTBEAT_SECONDS } from '@karta/shared/constants';
import type { AdminTrade, TradeClaim } from '@karta/shared/schemas/trades';
import { TakeOverSilentClaim } from '../../../components/claims/take-over-silent-claim';
import { useGetReviewTradeQuery } from '../api';
import { claimEnd, holderName } from '../review-desk';

interface TakeOverClaimProps {
  trade: AdminTrade;
  claim: TradeClaim;
  isTakingOver: boolean;
  onTakeOver: () => Promise<boolean>;
}

/**
 * Another operator's claim on a trade (decision 072): the page looks at the trade again every
 * heartbeat, so it sees when their page went silent, and the desks' one offer does the rest.
 */
export function TakeOverClaim({ trade, claim, isTakingOver, onTakeOver }: TakeOverClaimProps) {
  useGetReviewTradeQuery(trade.id, { pollingInterval: CLAIM_HEARTBEAT_SECONDS * 1000 });
  const name = holderName(claim);
  return (
    <TakeOverSilentClaim
      claim={claim}
      holder={name}
      what="this trade"
      description="It becomes yours to review. Their page will say they lost it, and the take-over is written to the audit log."
      summary={
        <p className="text-ink">
          Trade {trade.reference}: {name}’s claim until {claimEnd(claim)}
        </p>
      }
      isTakingOver={isTakingOver}
      onTakeOver={onTakeOver}
    />
  );
}
