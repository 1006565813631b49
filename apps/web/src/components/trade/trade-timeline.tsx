import { SECOND_APPROVAL_WAITING } from '@karta/shared/constants';
import type { TradeTimelineEntry } from '@karta/shared/schemas/trade-steps';
import type { Trade } from '@karta/shared/schemas/trades';
import { formatNaira } from '../../lib/format-money';
import { RecordTimeline } from '../history/record-timeline';
import { TradePhotos } from './trade-photos';

const STEP_WORDS = {
  submitted: 'Submitted',
  info_requested: 'Question from the Karta team',
  info_provided: 'Your answer',
  first_approval: 'Approved, waiting for a second check',
  approval_confirmed: 'Approval confirmed',
  approval_returned: 'Approval sent back for a new decision',
  counter_offered: 'We offered a lower value',
  offer_accepted: 'You accepted the offer',
  offer_declined: 'You declined the offer',
  offer_expired: 'No answer in 24 hours: your choice applied',
  approved: 'Approved',
  rejected: 'Rejected',
  declined: 'Declined',
  cancelled: 'Cancelled by you',
} as const;
const OPERATOR_WORDS = {
  ...STEP_WORDS,
  info_requested: 'Question to the seller',
  info_provided: 'The seller answered',
  first_approval: 'First approval',
  counter_offered: 'Lower value offered to the seller',
  offer_accepted: 'The seller accepted the offer',
  offer_declined: 'The seller declined the offer',
  offer_expired: 'No answer in 24 hours: the seller’s choice applied',
  cancelled: 'Cancelled by the seller',
} as const;

const DOT = {
  submitted: 'bg-brand',
  info_requested: 'bg-pending',
  info_provided: 'bg-brand',
  first_approval: 'bg-processing',
  approval_confirmed: 'bg-approved',
  approval_returned: 'bg-pending',
  counter_offered: 'bg-pending',
  offer_accepted: 'bg-approved',
  offer_declined: 'bg-slate',
  offer_expired: 'bg-slate',
  approved: 'bg-approved',
  rejected: 'bg-rejected',
  declined: 'bg-slate',
  cancelled: 'bg-slate',
} as const;

/** What is still to come, by status, so nobody wonders whether the trade is stuck. */
function nextStep(trade: Trade, isForOperator: boolean) {
  if (trade.status === 'pending') {
    return {
      title: 'In review',
      text: isForOperator
        ? 'Waiting for an operator to approve or reject it.'
        : 'We are checking the card. You will see the result and the final value here.',
    };
  }
  if (trade.status === 'info_requested') {
    return {
      title: isForOperator ? 'Waiting for the seller' : 'Waiting for your answer',
      text: isForOperator
        ? 'The trade comes back to the queue when the seller answers.'
        : 'Answer the question above. The review continues as soon as we have your answer.',
    };
  }
  if (trade.status === 'counter_offered') {
    return {
      title: isForOperator ? 'Waiting for the seller’s answer' : 'Waiting for your answer',
      text: isForOperator
        ? 'The seller accepts (credited at once) or declines the offer; with no answer in 24 hours, their own choice applies.'
        : 'Accept or decline our offer above. Nothing is paid without your yes.',
    };
  }
  // A credit that waits for a second staff member (decision 049): the same title on every path.
  if (trade.status === 'awaiting_second_approval') {
    return {
      title: SECOND_APPROVAL_WAITING,
      text: isForOperator
        ? 'Waiting for a second operator to confirm or send back the approval.'
        : 'A second member of our team checks this trade before anything reaches your wallet. You will see the result here.',
    };
  }
  if (trade.status === 'approved' && trade.is_waiting_second_approval) {
    return {
      title: SECOND_APPROVAL_WAITING,
      text: isForOperator
        ? 'An admin added to this trade’s credit. A second admin confirms or sends it back before it reaches the seller’s wallet.'
        : 'We are adding to what this trade credited you. A second member of our team checks it before it reaches your wallet.',
    };
  }
  return null;
}

/** Who acted (operators only), the words of the step, the first approval's amount, the photos. */
function StepDetail({ step, trade }: { step: TradeTimelineEntry; trade: Trade }) {
  const photos = step.images ?? [];
  return (
    <>
      {step.by && <p className="text-sm text-slate">By {step.by}</p>}
      {step.amount !== undefined && step.amount !== null && (
        <p className="money text-sm font-semibold text-ink">{formatNaira(step.amount)}</p>
      )}
      {step.message && step.status !== 'offer_expired' && (
        <p className="mt-1 rounded-[12px] bg-mist px-3 py-2 break-words whitespace-pre-wrap text-ink">
          {step.message}
        </p>
      )}
      {photos.length > 0 && (
        <div className="mt-2">
          <TradePhotos trade={{ ...trade, images: photos }} />
        </div>
      )}
    </>
  );
}

/**
 * What happened to the trade and when (Lagos time), with our questions and the seller's
 * answers; an unfinished trade shows the step to come. Told to the seller, or to an operator
 * (`isForOperator`: the four-eyes steps and who acted come from the server only for them).
 */
export function TradeTimeline({
  trade,
  isForOperator = false,
}: {
  trade: Trade;
  isForOperator?: boolean;
}) {
  return (
    <RecordTimeline
      steps={trade.timeline}
      words={isForOperator ? OPERATOR_WORDS : STEP_WORDS}
      dots={DOT}
      next={nextStep(trade, isForOperator)}
      renderDetail={(step) => <StepDetail step={step} trade={trade} />}
    />
  );
}
