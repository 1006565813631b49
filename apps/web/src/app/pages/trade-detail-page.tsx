import { TradeConversation } from '../../features/support/components/trade-conversation';
import { TradeDetail } from '../../features/trades/components/trade-detail';

/** A trade's page with its conversation with the Karta team under it (decision 070). */
export function TradeDetailPage() {
  return (
    <TradeDetail
      conversation={(trade, userId) => (
        <TradeConversation
          userId={userId}
          tradeId={trade.id}
          isRejected={trade.status === 'rejected'}
        />
      )}
    />
  );
}
