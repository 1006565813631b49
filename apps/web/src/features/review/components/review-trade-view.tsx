import { SECOND_APPROVAL_WAITING } from '@karta/shared/constants';
import type { AdminTrade } from '@karta/shared/schemas/trades';
import { useId, useState } from 'react';
import { RecordHeader } from '../../../components/history/record-header';
import { RecordNotice } from '../../../components/history/record-notice';
import { RecordSection } from '../../../components/history/record-section';
import { RejectionProofView } from '../../../components/trade/rejection-proof-view';
import { TradePhotos } from '../../../components/trade/trade-photos';
import { TradeStatusBadges } from '../../../components/trade/trade-status-badges';
import { TradeTimeline } from '../../../components/trade/trade-timeline';
import { CopyButton } from '../../../components/ui/copy-button';
import { formatLagosDateTime } from '../../../lib/format-date';
import { formatNaira } from '../../../lib/format-money';
import { getRejectionWords } from '../../../lib/trade-rejection';
import { isUnderReview, liveClaim } from '../review-desk';
import { useNow } from '../use-now';
import { useTradeClaim } from '../use-trade-claim';
import { AddCreditPanel } from './add-credit-panel';
import { AdjustmentsSection } from './adjustments-section';
import { ApprovePanel } from './approve-panel';
import { AskPanel } from './ask-panel';
import { ClaimNotice } from './claim-notice';
import { DecisionBar, type DecisionBarEntry } from './decision-bar';
import { DuplicateNotice } from './duplicate-notice';
import { NextPendingButton } from './next-pending-button';
import { RejectPanel } from './reject-panel';
import { ReviewFacts } from './review-facts';
import { SecondApprovalPanel } from './second-approval-panel';

const CARD = 'rounded-[12px] bg-white p-4 md:p-6';
/** A decision panel the bar brings up: below the sticky header, and focusable from the bar. */
const PANEL_ANCHOR = 'scroll-mt-20 rounded-[12px]';

const DECISION_TONES = {
  approved: 'approved',
  rejected: 'rejected',
  cancelled: 'neutral',
  counter_offered: 'pending',
  declined: 'neutral',
} as const;

/** An offer below the expected value: waiting for the seller, or how it ended (decision 037). */
function OfferWords({ trade, by, at }: { trade: AdminTrade; by: string; at: string }) {
  const offer = trade.counter_offer;
  if (!offer) return null;
  const value = <span className="money font-semibold">{formatNaira(offer.value)}</span>;
  if (trade.status === 'counter_offered') {
    return (
      <p className="text-ink">
        <span className="font-bold text-pending">Offer waiting for the seller</span>: {value}{' '}
        instead of {formatNaira(trade.expected_value)}. Nothing is credited until they accept. They
        can answer until {formatLagosDateTime(offer.expires_at)}; with no answer, the offer is{' '}
        {offer.if_no_answer === 'accept' ? 'accepted' : 'declined'}, as they chose.
      </p>
    );
  }
  if (trade.status === 'declined') {
    return (
      <p className="text-ink">
        <span className="font-bold">
          Declined{offer.answer === 'expired' ? ' (no answer)' : ''}
        </span>
        {at}. The seller did not take the offer of {value}; nothing was credited.
      </p>
    );
  }
  return (
    <p className="mt-1 text-sm text-slate">
      Credited after the seller accepted the offer{by ? ' made by you' : ''}
      {offer.answer === 'expired' ? ' (no answer: their choice)' : ''}.
    </p>
  );
}

/** What admins added to the credit, once one was credited. */
function AdjustedWords({ trade }: { trade: AdminTrade }) {
  if (trade.total_credited === null || trade.total_credited === trade.final_value) return null;
  return (
    <p className="mt-1 text-ink">
      With what admins added, this trade credited{' '}
      <span className="money font-semibold">{formatNaira(trade.total_credited)}</span> in all.
    </p>
  );
}

/**
 * Additions to the credit that wait for a second admin (decision 049), at the top of the page
 * in the colour and words of every credit that waits; the Adjustments section has them in full.
 */
function WaitingAdditions({ trade, operatorId }: { trade: AdminTrade; operatorId: string }) {
  const waiting = trade.adjustments.filter((each) => each.status === 'awaiting_second_approval');
  if (trade.status !== 'approved' || waiting.length === 0) return null;
  return (
    <RecordNotice label={SECOND_APPROVAL_WAITING} tone="processing">
      {waiting.map((adjustment) => (
        <p key={adjustment.id} className="text-ink">
          <span className="font-bold text-processing">{SECOND_APPROVAL_WAITING}:</span>{' '}
          <span className="money font-semibold">+{formatNaira(adjustment.amount)}</span> added by{' '}
          {adjustment.adjusted_by === operatorId ? 'you' : adjustment.adjusted_by_name}. It reaches
          the seller’s wallet once a second admin confirms it.
        </p>
      ))}
    </RecordNotice>
  );
}

/** What was decided, when, and by whom ("you" when it was this operator). */
function Outcome({ trade, operatorId }: { trade: AdminTrade; operatorId: string }) {
  // Still open: the panels and the timeline say where it stands.
  if (
    trade.status === 'pending' ||
    trade.status === 'info_requested' ||
    trade.status === 'awaiting_second_approval'
  )
    return null;
  const by = trade.reviewed_by === operatorId ? ' by you' : '';
  const at = trade.reviewed_at ? ` on ${formatLagosDateTime(trade.reviewed_at)}` : '';
  const reason = getRejectionWords(trade);
  return (
    <RecordNotice label="Decision" tone={DECISION_TONES[trade.status]}>
      {trade.status !== 'approved' && <OfferWords trade={trade} by={by} at={at} />}
      {trade.status === 'approved' && (
        <p className="text-ink">
          <span className="font-bold text-approved">Approved{by}</span>
          {at}.{' '}
          {trade.final_value !== null && (
            <>
              <span className="money font-semibold">{formatNaira(trade.final_value)}</span> was
              credited to the seller&apos;s wallet.
            </>
          )}
        </p>
      )}
      {trade.status === 'approved' && <OfferWords trade={trade} by={by} at={at} />}
      {trade.status === 'approved' && <AdjustedWords trade={trade} />}
      {trade.status === 'rejected' && (
        <>
          <p className="text-ink">
            <span className="font-bold text-rejected">Rejected{by}</span>
            {at}.
          </p>
          {reason && <p className="mt-1 text-ink">Reason: {reason}</p>}
          {trade.rejection_proof && <RejectionProofView proof={trade.rejection_proof} />}
        </>
      )}
      {trade.status === 'cancelled' && (
        <p className="text-ink">The seller cancelled this trade{at}. There is nothing to review.</p>
      )}
      {trade.review_note && (
        <p className="mt-1 text-ink">
          <span className="font-semibold">Note to the seller:</span> {trade.review_note}
        </p>
      )}
    </RecordNotice>
  );
}

interface ReviewTradeViewProps {
  trade: AdminTrade;
  operatorId: string;
  /** Admins add to an approved trade's credit and decide the additions that wait. */
  isAdmin: boolean;
  back: { to: string; label: string };
}

/**
 * One trade under review: the facts, the seller's comment (often the card's e-code), the
 * photos large, the timeline, and Approve and Reject while it is pending. Opening a pending
 * trade claims it (use-trade-claim.ts); while another operator's claim lasts, the page says
 * who holds it and offers no decision.
 */
export function ReviewTradeView({
  trade: loaded,
  operatorId,
  isAdmin,
  back,
}: ReviewTradeViewProps) {
  // The decision shows at once, until the refetched trade has moved on from where it was.
  const [decided, setDecided] = useState<{ trade: AdminTrade; from: string } | null>(null);
  const trade = decided && loaded.status === decided.from ? decided.trade : loaded;
  const onDecided = (next: AdminTrade) => {
    setDecided({ trade: next, from: trade.status });
  };
  // The page looks again the moment a claim ends: someone else's frees the trade.
  const now = useNow(undefined, trade.claim ? new Date(trade.claim.until).getTime() : undefined);
  const isOwnTrade = trade.user.id === operatorId;
  const claim = useTradeClaim(trade, operatorId);
  const holder = liveClaim(trade, now)?.holder;
  const isHeldByOther = holder !== undefined && holder.id !== operatorId;
  const panelIds = { approve: useId(), reject: useId(), ask: useId(), second: useId() };
  const canDecide = trade.status === 'pending' && !isOwnTrade && !isHeldByOther;
  const canConfirm =
    trade.status === 'awaiting_second_approval' &&
    trade.second_approval !== null &&
    !isOwnTrade &&
    !isHeldByOther;
  const decisions: DecisionBarEntry[] = canDecide
    ? [
        { label: 'Approve', panelId: panelIds.approve, variant: 'primary' },
        { label: 'Reject', panelId: panelIds.reject, variant: 'secondary' },
        { label: 'Ask', panelId: panelIds.ask, variant: 'secondary' },
      ]
    : canConfirm
      ? [{ label: 'Confirm or send back', panelId: panelIds.second, variant: 'primary' }]
      : [];

  return (
    // Room under the page for the decision bar, fixed at the bottom of small screens.
    <div className={`flex flex-col gap-5 ${decisions.length > 0 ? 'max-lg:pb-20' : ''}`}>
      <RecordHeader
        back={back}
        title={`Trade ${trade.reference}`}
        subtitle={`${trade.user.first_name} ${trade.user.last_name} · ${trade.gift_card.name} · ${trade.subcategory.name}`}
        status={trade.status}
        badges={<TradeStatusBadges trade={trade} className="text-base" />}
      />
      <Outcome trade={trade} operatorId={operatorId} />
      <WaitingAdditions trade={trade} operatorId={operatorId} />
      <DuplicateNotice trade={trade} />
      {claim.canClaim && (
        <ClaimNotice
          trade={trade}
          operatorId={operatorId}
          now={now}
          isClaiming={claim.isClaiming}
          onClaim={claim.claimNow}
          lostMessage={claim.lostMessage}
          isTakingOver={claim.isTakingOver}
          onTakeOver={claim.takeOver}
        />
      )}
      {!isUnderReview(trade) && (
        <NextPendingButton
          currentId={trade.id}
          variant={isAdmin && trade.is_waiting_second_approval ? 'secondary' : 'primary'}
        />
      )}

      <div className="grid gap-5 lg:grid-cols-[3fr_2fr]">
        <div className="flex flex-col gap-5">
          <RecordSection title="Details">
            <ReviewFacts trade={trade} now={now} />
          </RecordSection>
          <RecordSection title="Seller's comment">
            {trade.comment ? (
              <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                <p className="rounded-[12px] bg-mist px-3 py-2 font-mono break-all whitespace-pre-wrap text-ink">
                  {trade.comment}
                </p>
                <CopyButton text={trade.comment} what="comment" />
              </div>
            ) : (
              <p className="text-slate">No comment.</p>
            )}
          </RecordSection>
          <RecordSection title="Card photos">
            <TradePhotos trade={trade} isLarge />
          </RecordSection>
        </div>
        <div className="flex flex-col gap-5">
          {trade.status === 'pending' &&
            (isOwnTrade ? (
              <p className={`${CARD} text-slate`}>
                This is your own trade. Another operator has to review it.
              </p>
            ) : (
              !isHeldByOther && (
                <>
                  <div id={panelIds.approve} tabIndex={-1} className={PANEL_ANCHOR}>
                    <ApprovePanel trade={trade} onDecided={onDecided} />
                  </div>
                  <div id={panelIds.reject} tabIndex={-1} className={PANEL_ANCHOR}>
                    <RejectPanel trade={trade} onDecided={onDecided} />
                  </div>
                  <div id={panelIds.ask} tabIndex={-1} className={PANEL_ANCHOR}>
                    <AskPanel trade={trade} onDecided={onDecided} />
                  </div>
                </>
              )
            ))}
          {canConfirm && trade.second_approval && (
            <div
              id={panelIds.second}
              tabIndex={-1}
              className={`flex flex-col gap-5 ${PANEL_ANCHOR}`}
            >
              <SecondApprovalPanel
                trade={trade}
                approval={trade.second_approval}
                operatorId={operatorId}
                onDecided={onDecided}
              />
            </div>
          )}
          {trade.status === 'approved' && (
            <AdjustmentsSection trade={trade} operatorId={operatorId} isAdmin={isAdmin} />
          )}
          {trade.status === 'approved' &&
            isAdmin &&
            (isOwnTrade ? (
              <p className={`${CARD} text-slate`}>
                This is your own trade. Another admin has to add to its credit.
              </p>
            ) : (
              <AddCreditPanel trade={trade} />
            ))}
          <RecordSection title="Timeline">
            <TradeTimeline trade={trade} isForOperator />
          </RecordSection>
        </div>
      </div>
      <DecisionBar entries={decisions} />
    </div>
  );
}
