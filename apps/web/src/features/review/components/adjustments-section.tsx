import type { AdminTrade, TradeAdjustment } from '@karta/shared/schemas/trades';
import { RecordSection } from '../../../components/history/record-section';
import { StatusBadge, ToneBadge } from '../../../components/ui/status-badge';
import { formatLagosDateTime } from '../../../lib/format-date';
import { formatNaira } from '../../../lib/format-money';
import { AdjustmentDecision } from './adjustment-decision';

/** Where an adjustment stands, in words; a waiting one wears the four-eyes badge of every path. */
function AdjustmentStatus({ status }: { status: TradeAdjustment['status'] }) {
  if (status === 'awaiting_second_approval') return <StatusBadge status={status} />;
  return status === 'credited' ? (
    <ToneBadge tone="bg-approved-bg text-approved">Credited</ToneBadge>
  ) : (
    <ToneBadge tone="bg-mist text-slate">Sent back</ToneBadge>
  );
}

/** Who decided a waiting adjustment, when, and why it went back. */
function Decided({ adjustment }: { adjustment: TradeAdjustment }) {
  const { decided_by_name: by, decided_at: at } = adjustment;
  if (!by || !at) return null;
  const when = formatLagosDateTime(at);
  if (adjustment.status === 'credited') {
    return (
      <p className="mt-1 text-sm text-ink">
        Confirmed by {by} on {when}.
      </p>
    );
  }
  return (
    <p className="mt-1 text-sm break-words text-ink">
      Sent back by {by} on {when}. Nothing was credited.
      {adjustment.return_reason && (
        <>
          {' '}
          <span className="font-semibold">Why:</span> {adjustment.return_reason}
        </>
      )}
    </p>
  );
}

interface AdjustmentsSectionProps {
  trade: AdminTrade;
  operatorId: string;
  /** Admins confirm and send back; operators read. */
  isAdmin: boolean;
}

/**
 * What admins added to an approved trade's credit, oldest first: the amount, the reason, who
 * and when, where it stands, why it waited for a second admin and who decided (decision 049).
 * An admin confirms or sends back a waiting one here.
 */
export function AdjustmentsSection({ trade, operatorId, isAdmin }: AdjustmentsSectionProps) {
  const canDecide = isAdmin && trade.user.id !== operatorId;
  return (
    <RecordSection title="Adjustments">
      {trade.adjustments.length === 0 ? (
        <p className="text-slate">Nothing has been added to this trade’s credit.</p>
      ) : (
        <ol aria-label="Adjustments, oldest first" className="flex flex-col gap-3">
          {trade.adjustments.map((adjustment) => {
            const isWaiting = adjustment.status === 'awaiting_second_approval';
            const author =
              adjustment.adjusted_by === operatorId ? 'you' : adjustment.adjusted_by_name;
            return (
              <li
                key={adjustment.id}
                className={`rounded-[12px] border p-4 ${isWaiting ? 'border-processing' : 'border-line'}`}
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="money text-xl font-bold text-ink">
                    +{formatNaira(adjustment.amount)}
                  </h3>
                  <AdjustmentStatus status={adjustment.status} />
                </div>
                <p className="text-sm text-slate">
                  Added by {author} on{' '}
                  <time dateTime={adjustment.created_at}>
                    {formatLagosDateTime(adjustment.created_at)}
                  </time>
                </p>
                <p className="mt-2 break-words text-ink">
                  <span className="font-semibold">Reason:</span> {adjustment.reason}
                </p>
                {adjustment.four_eyes_reason && (
                  <p className="mt-1 text-sm text-ink">
                    <span className="font-semibold">
                      {isWaiting ? 'Why it waits:' : 'Why it waited:'}
                    </span>{' '}
                    {adjustment.four_eyes_reason}
                  </p>
                )}
                <Decided adjustment={adjustment} />
                {isWaiting && canDecide && (
                  <AdjustmentDecision
                    trade={trade}
                    adjustment={adjustment}
                    operatorId={operatorId}
                  />
                )}
                {isWaiting && !isAdmin && (
                  <p className="mt-2 text-sm text-slate">
                    A second admin confirms it or sends it back.
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </RecordSection>
  );
}
