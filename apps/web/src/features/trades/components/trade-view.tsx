import { TRADE_REJECTION_REASONS } from '@karta/shared/constants';
import type { Trade } from '@karta/shared/schemas/trades';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { RecordHeader } from '../../../components/history/record-header';
import { TradePhotos } from '../../../components/trade/trade-photos';
import { TradeTimeline } from '../../../components/trade/trade-timeline';
import { CancelTradeDialog } from './cancel-trade-dialog';
import { TradeFacts } from './trade-facts';

const CARD = 'rounded-[12px] bg-white p-4 md:p-6';

/** The reason in words; the code's words when the API sent only the code. */
const rejectionWords = (trade: Trade) =>
  trade.rejection_reason ??
  (trade.rejection_code ? TRADE_REJECTION_REASONS[trade.rejection_code] : null);

/** A loaded trade: status, review outcome, numbers, timeline, photos, and cancel while pending. */
export function TradeView({
  trade,
  userId,
  back,
}: {
  trade: Trade;
  userId: string;
  back: { to: string; label: string };
}) {
  const [isCancelOpen, setIsCancelOpen] = useState(false);
  const reason = trade.status === 'rejected' ? rejectionWords(trade) : null;
  return (
    <div className="flex flex-col gap-5">
      <RecordHeader
        back={back}
        title={`Trade ${trade.reference}`}
        subtitle={`${trade.gift_card.name} · ${trade.subcategory.name}`}
        status={trade.status}
      />

      {(reason ?? trade.review_note) && (
        <section
          aria-label={reason ? 'Why the trade was rejected' : 'Note from our team'}
          className={`rounded-[12px] p-4 ${reason ? 'bg-rejected-bg' : 'bg-processing-bg'}`}
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
        </section>
      )}

      <section aria-labelledby="trade-details-title" className={CARD}>
        <h2 id="trade-details-title" className="mb-4 text-lg font-bold text-ink">
          Details
        </h2>
        <TradeFacts trade={trade} />
      </section>

      <div className="grid gap-5 md:grid-cols-2">
        <section aria-labelledby="trade-timeline-title" className={CARD}>
          <h2 id="trade-timeline-title" className="mb-4 text-lg font-bold text-ink">
            Timeline
          </h2>
          <TradeTimeline trade={trade} />
        </section>
        <section aria-labelledby="trade-photos-title" className={CARD}>
          <h2 id="trade-photos-title" className="mb-4 text-lg font-bold text-ink">
            Card photos
          </h2>
          <TradePhotos trade={trade} />
        </section>
      </div>

      {trade.status === 'pending' && (
        <div
          className={`${CARD} flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between`}
        >
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
      <CancelTradeDialog
        trade={trade}
        userId={userId}
        isOpen={isCancelOpen}
        onClose={() => {
          setIsCancelOpen(false);
        }}
      />
    </div>
  );
}
