import type { Trade } from '@karta/shared/schemas/trades';
import { formatLagosDateTime } from '../../lib/format-date';

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
  const words = isForOperator ? OPERATOR_WORDS : STEP_WORDS;
  return (
    <ol aria-label="Timeline" className="flex flex-col gap-4 border-l-2 border-line pl-5">
      {trade.timeline.map((step) => (
        <li key={`${step.status}-${step.at}`} className="relative">
          <span
            aria-hidden="true"
            className={`absolute top-1.5 -left-[27px] h-3 w-3 rounded-full ${DOT[step.status]}`}
          />
          <p className="font-semibold text-ink">{words[step.status]}</p>
          <p className="text-sm text-slate">
            <time dateTime={step.at}>{formatLagosDateTime(step.at)}</time>
          </p>
        </li>
      ))}
      {trade.status === 'pending' && (
        <li className="relative">
          <span
            aria-hidden="true"
            className="absolute top-1.5 -left-[27px] h-3 w-3 rounded-full border-2 border-pending bg-white"
          />
          <p className="font-semibold text-ink">In review</p>
          <p className="text-sm text-slate">
            {isForOperator
              ? 'Waiting for an operator to approve or reject it.'
              : 'We are checking the card. You will see the result and the final value here.'}
          </p>
        </li>
      )}
    </ol>
  );
}
