import type { Trade } from '@karta/shared/schemas/trades';
import { RecordTimeline } from '../history/record-timeline';

const STEP_WORDS = {
  submitted: 'Submitted',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled by you',
} as const;
const OPERATOR_WORDS = { ...STEP_WORDS, cancelled: 'Cancelled by the seller' } as const;

const DOT = {
  submitted: 'bg-brand',
  approved: 'bg-approved',
  rejected: 'bg-rejected',
  cancelled: 'bg-slate',
} as const;

/**
 * What happened to the trade and when (Lagos time); a pending trade shows the step to come.
 * Told to the seller, or to an operator (`isForOperator`).
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
      next={
        trade.status === 'pending'
          ? {
              title: 'In review',
              text: isForOperator
                ? 'Waiting for an operator to approve or reject it.'
                : 'We are checking the card. You will see the result and the final value here.',
            }
          : null
      }
    />
  );
}
