import { useId } from 'react';
import { SECOND_APPROVAL_WAITING } from '@karta/shared/constants';
import { FOUR_EYES_MESSAGES } from '@karta/shared/four-eyes';
import { signedPercent } from '@karta/shared/rate-four-eyes';
import type { RateChangeRequest } from '@karta/shared/schemas/rate-change-requests';
import { Button } from '../../../components/ui/button';
import { ToneBadge } from '../../../components/ui/status-badge';
import { formatLagosDateTime } from '../../../lib/format-date';
import { formatNaira } from '../../../lib/format-money';

interface WaitingRateChangeItemProps {
  change: RateChangeRequest;
  /** The signed-in staff member: the one who asked cannot confirm. */
  userId: string;
  onConfirm: (change: RateChangeRequest) => void;
  onSendBack: (change: RateChangeRequest) => void;
}

/** Why Confirm is off for this person and this change, in the API's own words; or nothing. */
function confirmBlockedBecause(change: RateChangeRequest, userId: string): string | undefined {
  if (change.current_rate !== change.from_rate) {
    return `The rate in force is now ${formatNaira(change.current_rate)}, not the ${formatNaira(change.from_rate)} this change was asked against, so it cannot be confirmed. Send it back and ask again.`;
  }
  if (change.requested_by.id === userId) return FOUR_EYES_MESSAGES.SAME_RATE_REQUESTER;
  return undefined;
}

/**
 * One rate waiting for a second person: the line, old → new with its move, who asked and
 * when, then Confirm (publishes it) and Send back. Confirm is disabled, with the reason next to
 * it, for the one who asked and when the rate in force has moved since.
 */
export function WaitingRateChangeItem({
  change,
  userId,
  onConfirm,
  onSendBack,
}: WaitingRateChangeItemProps) {
  const titleId = useId();
  const reasonId = useId();
  const blocked = confirmBlockedBecause(change, userId);
  const isYours = change.requested_by.id === userId;
  return (
    <li
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-[12px] border border-line p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="font-semibold break-words text-ink">
          {change.label} <span className="font-normal text-slate">({change.currency})</span>
        </h3>
        <ToneBadge tone="bg-processing-bg text-processing">{SECOND_APPROVAL_WAITING}</ToneBadge>
      </div>
      <p className="tabular-nums">
        {formatNaira(change.from_rate)} → <strong>{formatNaira(change.to_rate)}</strong>{' '}
        <span className="font-bold text-rejected">{signedPercent(change.percent)}</span>
      </p>
      <p className="text-sm text-slate">
        Asked by {isYours ? 'you' : change.requested_by.name} on{' '}
        {formatLagosDateTime(change.requested_at)}
      </p>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          disabled={blocked !== undefined}
          aria-describedby={blocked ? reasonId : undefined}
          onClick={() => {
            onConfirm(change);
          }}
        >
          Confirm <span className="sr-only">the rate for {change.label}</span>
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            onSendBack(change);
          }}
        >
          Send back <span className="sr-only">the rate for {change.label}</span>
        </Button>
      </div>
      {blocked && (
        <p id={reasonId} className="text-sm text-slate">
          {blocked}
        </p>
      )}
    </li>
  );
}
