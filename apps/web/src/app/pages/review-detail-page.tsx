import { ReviewDetail } from '../../features/review/components/review-detail';
import { TradeConversationPanel } from '../../features/support-desk/components/trade-conversation-panel';

/** The trade review page with the seller's conversation about the trade beside it (decision 070). */
export function ReviewDetailWithConversation() {
  return <ReviewDetail beside={(tradeId) => <TradeConversationPanel tradeId={tradeId} />} />;
}
