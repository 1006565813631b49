import type { Trade } from '@karta/shared/schemas/trades';
import { useState, type ReactNode } from 'react';
import { RecordNotice } from '../../../components/history/record-notice';
import { RecordView } from '../../../components/history/record-view';
import { RejectionProofView } from '../../../components/trade/rejection-proof-view';
import { TradePhotos } from '../../../components/trade/trade-photos';
import { TradeStatusBadges } from '../../../components/trade/trade-status-badges';
import { TradeTimeline } from '../../../components/trade/trade-timeline';
import { Button } from '../../../components/ui/button';
import type { BackLink } from '../../../lib/record-links';
import { getRejectionWords } from '../../../lib/trade-rejection';
import { TRADE_CANCELLABLE_STATUSES } from '@karta/shared/constants';
import { AnswerQuestion } from './answer-question';
import { CancelTradeDialog } from './cancel-trade-dialog';
import { CounterOfferPanel, DeclinedOffer } from './counter-offer-panel';
import { getTradeFacts } from './trade-facts';

/** Where the trade's conversation sits on its page: a dispute's link leads there. */
const TRADE_CONVERSATION_ID = 'trade-conversation';

/** Why the trade was rejected, and what our team noted for the seller. */
function ReviewOutcome({ trade, canDispute }: { trade: Trade; canDispute: boolean }) {
  // An offer says its note itself (counter-offer-panel.tsx).
  if (trade.counter_offer && trade.status !== 'approved') return null;
  const reason = trade.status === 'rejected' ? getRejectionWords(trade) : null;
  if (!reason && !trade.review_note) return null;
  return (
    <RecordNotice
      label={reason ? 'Why the trade was rejected' : 'Note from our team'}
      tone={reason ? 'rejected' : 'processing'}
    >
      {reason && (
        <>
          <h2 className="font-bold text-rejected">Why it was rejected</h2>
          <p className="mt-1 text-ink">{reason}</p>
        </>
      )}
      {trade.review_note && (
        <p className={`text-ink ${reason ? 'mt-2' : ''}`}>
          <span className="font-semibold">Note from our team:</span> {trade.review_note}
        </p>
      )}
      {reason && trade.rejection_proof && <RejectionProofView proof={trade.rejection_proof} />}
      {reason && canDispute && (
        // The trade's conversation, below: another operator reads the seller's reasons there.
        <a
          href={`#${TRADE_CONVERSATION_ID}`}
          className="mt-3 inline-flex min-h-11 items-center font-semibold text-brand underline"
        >
          Dispute this rejection
        </a>
      )}
    </RecordNotice>
  );
}

/**
 * A loaded trade: status, our question and the answer form while we wait on the seller, review
 * outcome, numbers, timeline, photos, and cancel until it is decided (not while it waits for a
 * second approval).
 */
export function TradeView({
  trade,
  userId,
  back,
  conversation,
}: {
  trade: Trade;
  userId: string;
  back: BackLink;
  /** The trade's conversation with the Karta team, composed in by app/ (decision 070). */
  conversation?: ReactNode;
}) {
  const [isCancelOpen, setIsCancelOpen] = useState(false);
  return (
    <RecordView
      header={{
        back,
        title: `Trade ${trade.reference}`,
        subtitle: `${trade.gift_card.name} · ${trade.subcategory.name}`,
        status: trade.status,
        badges: <TradeStatusBadges trade={trade} className="text-base" />,
      }}
      notices={
        <>
          {trade.status === 'info_requested' && <AnswerQuestion trade={trade} userId={userId} />}
          {trade.status === 'counter_offered' && (
            <CounterOfferPanel trade={trade} userId={userId} />
          )}
          <DeclinedOffer trade={trade} />
          <ReviewOutcome trade={trade} canDispute={conversation !== undefined} />
        </>
      }
      facts={getTradeFacts(trade)}
      timeline={<TradeTimeline trade={trade} />}
      aside={{ title: 'Card photos', content: <TradePhotos trade={trade} /> }}
    >
      {(TRADE_CANCELLABLE_STATUSES as readonly string[]).includes(trade.status) && (
        <div className="flex flex-col gap-3 rounded-[12px] bg-white p-4 sm:flex-row sm:items-center sm:justify-between md:p-6">
          <p className="text-sm text-slate">
            Changed your mind? You can cancel while the trade waits for review.
          </p>
          <Button
            variant="secondary"
            aria-haspopup="dialog"
            onClick={() => {
              setIsCancelOpen(true);
            }}
          >
            Cancel trade
          </Button>
        </div>
      )}
      {conversation && <div id={TRADE_CONVERSATION_ID}>{conversation}</div>}
      <CancelTradeDialog
        trade={trade}
        userId={userId}
        isOpen={isCancelOpen}
        onClose={() => {
          setIsCancelOpen(false);
        }}
      />
    </RecordView>
  );
}
