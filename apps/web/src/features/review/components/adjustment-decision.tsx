import { FOUR_EYES_MESSAGES } from '@karta/shared/four-eyes';
import type { AdminTrade, TradeAdjustment } from '@karta/shared/schemas/trades';
import { formatNaira } from '../../../lib/format-money';
import { toast } from '../../../lib/toast';
import { useConfirmAdjustmentMutation, useReturnAdjustmentMutation } from '../api';
import { DecisionPanel, useDecision } from './decision-panel';
import { MessagePanel } from './message-panel';

interface AdjustmentDecisionProps {
  trade: AdminTrade;
  adjustment: TradeAdjustment;
  operatorId: string;
}

/**
 * Admin only, on an adjustment that waits (decision 049): a second admin confirms it (the
 * wallet is credited then, once) or anyone, its author included, sends it back with a reason.
 * Its author's Confirm is off, and says why. Each answer's own words are toasted.
 */
export function AdjustmentDecision({ trade, adjustment, operatorId }: AdjustmentDecisionProps) {
  const [confirmAdjustment, confirmState] = useConfirmAdjustmentMutation();
  const [returnAdjustment, returnState] = useReturnAdjustmentMutation();
  const isYours = adjustment.adjusted_by === operatorId;
  const seller = `${trade.user.first_name} ${trade.user.last_name}`;
  const ids = { id: trade.id, adjustmentId: adjustment.id };
  const decision = useDecision(async () => {
    const answer = await confirmAdjustment(ids).unwrap();
    toast.success(answer.message);
  });

  return (
    <div className="mt-4 flex flex-col gap-3">
      <DecisionPanel
        title="Confirm adjustment"
        variant="primary"
        submitLabel="Confirm adjustment"
        isNested
        onSubmit={(event) => {
          event.preventDefault();
          decision.ask(true);
        }}
        decision={decision}
        isLoading={confirmState.isLoading}
        disabledReason={isYours ? FOUR_EYES_MESSAGES.SAME_ADJUSTER : undefined}
        confirmation={{
          title: 'Confirm and credit?',
          description: 'The wallet is credited at once, and the decision cannot be undone.',
          label: 'Confirm and credit',
          loadingText: 'Confirming...',
        }}
        renderSummary={() => (
          <div className="rounded-[12px] border border-line bg-mist p-4">
            <p className="text-sm text-slate">To credit to {seller}</p>
            <p className="money text-2xl font-bold text-ink">+{formatNaira(adjustment.amount)}</p>
            <p className="mt-2 text-sm break-words text-ink">
              <span className="font-semibold">Reason:</span> {adjustment.reason}
            </p>
          </div>
        )}
      >
        <p className="text-sm text-slate">
          Another admin checks the reason and the amount before the wallet is credited.
        </p>
      </DecisionPanel>
      <MessagePanel
        title="Send back adjustment"
        label="Why it goes back"
        requiredMessage="Say why the adjustment is sent back"
        hint="For the admins: the seller does not see this. Nothing is credited."
        submitLabel="Send back"
        reader={isYours ? 'Admins reading this trade' : adjustment.adjusted_by_name}
        isLoading={returnState.isLoading}
        isNested
        confirmation={{
          title: 'Send this adjustment back?',
          description:
            'Nothing is credited. An admin can add to the credit again with a new reason.',
          label: 'Send back',
          loadingText: 'Sending back...',
        }}
        send={async (reason) => {
          const answer = await returnAdjustment({ ...ids, reason }).unwrap();
          toast.success(answer.message);
        }}
      />
    </div>
  );
}
