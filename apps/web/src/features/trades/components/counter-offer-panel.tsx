import type { CounterOffer } from '@karta/shared/schemas/trade-steps';
import type { Trade } from '@karta/shared/schemas/trades';
import { useState } from 'react';
import { RecordNotice } from '../../../components/history/record-notice';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { formatLagosDateTime } from '../../../lib/format-date';
import { formatNaira } from '../../../lib/format-money';
import { ifNoAnswerOutcome } from '../../../lib/if-no-answer';
import { toast } from '../../../lib/toast';
import { useAnswerOfferMutation } from '../api';

type Offer = CounterOffer;

/** What the seller was shown at submission, struck through, and what we offer now. */
function OfferValues({ trade, offer }: { trade: Trade; offer: Offer }) {
  return (
    <dl className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2">
      <div>
        <dt className="text-sm text-slate">Value when you submitted</dt>
        <dd className="money text-lg text-slate">
          <del>
            <span className="sr-only">was </span>
            {formatNaira(trade.expected_value)}
          </del>
        </dd>
      </div>
      <div>
        <dt className="text-sm text-slate">Our offer</dt>
        <dd className="money text-2xl font-bold text-ink">{formatNaira(offer.value)}</dd>
      </div>
    </dl>
  );
}

/** Asks before the answer is sent: an answer cannot be taken back. */
function ConfirmAnswer({
  trade,
  offer,
  accept,
  userId,
  onClose,
}: {
  trade: Trade;
  offer: Offer;
  accept: boolean;
  userId: string;
  onClose: () => void;
}) {
  const [answerOffer, { isLoading }] = useAnswerOfferMutation();
  const value = formatNaira(offer.value);
  const send = async () => {
    try {
      await answerOffer({ userId, tradeId: trade.id, accept }).unwrap();
      toast.success(
        accept
          ? `You accepted our offer. ${value} is in your wallet.`
          : `You declined our offer. Trade ${trade.reference} is closed.`,
      );
    } catch {
      // The error toast says why; the trade is fetched again and shows how it ended.
    }
    onClose();
  };
  return (
    <Modal
      isOpen
      onClose={() => {
        if (!isLoading) onClose();
      }}
      title={accept ? `Accept ${value}?` : 'Decline our offer?'}
      description={
        accept
          ? `${value} goes into your Karta wallet now, and the trade is closed as approved.`
          : trade.has_card_code
            ? 'The trade is closed and nothing is paid. Your card was not used by us: the e-code is still yours.'
            : 'The trade is closed and nothing is paid. We do not use your card.'
      }
      size="sm"
    >
      <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={isLoading}>
          Go back
        </Button>
        <Button
          variant={accept ? 'primary' : 'danger'}
          isLoading={isLoading}
          loadingText={accept ? 'Accepting...' : 'Declining...'}
          onClick={() => void send()}
        >
          {accept ? `Yes, accept ${value}` : 'Yes, decline'}
        </Button>
      </div>
    </Modal>
  );
}

/**
 * A lower offer waiting for the seller (decision 037): both values, our note, until when they
 * can answer and what happens without an answer, then Accept or Decline, each confirmed.
 */
export function CounterOfferPanel({ trade, userId }: { trade: Trade; userId: string }) {
  const [answer, setAnswer] = useState<boolean | null>(null);
  const offer = trade.counter_offer;
  if (!offer) return null;
  return (
    <RecordNotice label="Our offer for this trade" tone="pending">
      <h2 className="font-bold text-ink">We can offer less than the expected value</h2>
      <p className="mt-1 text-ink">
        After checking your card, we can pay {formatNaira(offer.value)}. Nothing is paid without
        your yes.
      </p>
      <OfferValues trade={trade} offer={offer} />
      <p className="mt-3 text-ink">
        <span className="font-semibold">Why:</span>{' '}
        {offer.note ?? 'Our team left no note. Contact support and we will tell you why.'}
      </p>
      <p className="mt-2 text-sm text-ink">
        Answer by <strong>{formatLagosDateTime(offer.expires_at)}</strong>. With no answer by then,{' '}
        {ifNoAnswerOutcome(offer.if_no_answer)}, as you chose when you submitted.
      </p>
      <div className="mt-4 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button
          variant="secondary"
          aria-haspopup="dialog"
          onClick={() => {
            setAnswer(false);
          }}
        >
          Decline
        </Button>
        <Button
          aria-haspopup="dialog"
          onClick={() => {
            setAnswer(true);
          }}
        >
          Accept {formatNaira(offer.value)}
        </Button>
      </div>
      {answer !== null && (
        <ConfirmAnswer
          trade={trade}
          offer={offer}
          accept={answer}
          userId={userId}
          onClose={() => {
            setAnswer(null);
          }}
        />
      )}
    </RecordNotice>
  );
}

/** How an offer ended when it was declined: closed, nothing paid, and the card still theirs. */
export function DeclinedOffer({ trade }: { trade: Trade }) {
  const offer = trade.counter_offer;
  if (trade.status !== 'declined' || !offer) return null;
  return (
    <RecordNotice label="Why the trade was declined" tone="neutral">
      <h2 className="font-bold text-ink">
        {offer.answer === 'expired'
          ? 'Our offer was declined because there was no answer in time'
          : 'You declined our offer'}
      </h2>
      <p className="mt-1 text-ink">
        We offered {formatNaira(offer.value)} instead of {formatNaira(trade.expected_value)}. The
        trade is closed and nothing was paid.
      </p>
      <p className="mt-2 font-semibold text-ink">
        {trade.has_card_code
          ? 'Your card was not used by us: the e-code is still yours to sell or spend.'
          : 'We did not use your card.'}
      </p>
    </RecordNotice>
  );
}
