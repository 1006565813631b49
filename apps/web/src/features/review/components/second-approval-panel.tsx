import type { SecondApproval } from '@karta/shared/schemas/trade-steps';
import type { AdminTrade } from '@karta/shared/schemas/trades';
import { formatLagosDateTime } from '../../../lib/format-date';
import { formatNaira } from '../../../lib/format-money';
import { toast } from '../../../lib/toast';
import { useConfirmApprovalMutation, useReturnApprovalMutation } from '../api';
import { isFirstApprover } from '../review-desk';
import { DecisionPanel, useDecision } from './decision-panel';
import { MessagePanel } from './message-panel';

interface SecondApprovalPanelProps {
  trade: AdminTrade;
  approval: SecondApproval;
  operatorId: string;
  onDecided: (trade: AdminTrade) => void;
}

/** Who approved, how much, when and with what note. */
function FirstApproval({ approval, isYours }: { approval: SecondApproval; isYours: boolean }) {
  const { approved_by: by } = approval;
  return (
    <div className="rounded-[12px] border border-line bg-mist p-4 text-sm">
      <p className="text-slate">
        Approved by {isYours ? 'you' : `${by.first_name} ${by.last_name}`} on{' '}
        {formatLagosDateTime(approval.at)}
      </p>
      <p className="money text-2xl font-bold text-ink">{formatNaira(approval.final_value)}</p>
      <p className="mt-1 text-ink">
        <span className="font-semibold">Why it waits:</span> {approval.reason}
      </p>
      {approval.note && (
        <p className="mt-1 text-ink">
          <span className="font-semibold">Note to the seller:</span> {approval.note}
        </p>
      )}
    </div>
  );
}

/**
 * A large approval waiting for four eyes: another operator confirms it (the wallet is credited
 * then, once) or sends it back to the queue with a reason. The operator who approved cannot
 * confirm; they may still send their own approval back.
 */
export function SecondApprovalPanel({
  trade,
  approval,
  operatorId,
  onDecided,
}: SecondApprovalPanelProps) {
  const [confirmApproval, confirmState] = useConfirmApprovalMutation();
  const [returnApproval, returnState] = useReturnApprovalMutation();
  const isYours = isFirstApprover(trade, operatorId);
  const seller = `${trade.user.first_name} ${trade.user.last_name}`;
  const amount = formatNaira(approval.final_value);
  const decision = useDecision(async () => {
    const confirmed = await confirmApproval(trade.id).unwrap();
    toast.success(`Trade ${trade.reference} confirmed: ${amount} was credited to ${seller}.`);
    onDecided(confirmed);
  });

  return (
    <>
      <DecisionPanel
        title="Confirm approval"
        variant="primary"
        submitLabel="Confirm approval"
        onSubmit={(event) => {
          event.preventDefault();
          decision.ask(true);
        }}
        decision={decision}
        isLoading={confirmState.isLoading}
        disabledReason={
          isYours ? 'You approved this trade, so another operator has to confirm it.' : undefined
        }
        confirmation={{
          title: 'Confirm and credit?',
          description: 'The wallet is credited at once, and the decision cannot be undone.',
          label: 'Confirm and credit',
          loadingText: 'Confirming...',
        }}
        renderSummary={() => (
          <div className="rounded-[12px] border border-line bg-mist p-4">
            <p className="text-sm text-slate">To credit to {seller}</p>
            <p className="money text-2xl font-bold text-ink">{amount}</p>
          </div>
        )}
      >
        <FirstApproval approval={approval} isYours={isYours} />
      </DecisionPanel>
      <MessagePanel
        title="Send back"
        label="Why it goes back"
        requiredMessage="Say why the approval is sent back"
        hint="For the operators: the seller does not see this. The trade returns to the pending queue."
        submitLabel="Send back"
        reader="The next reviewer"
        isLoading={returnState.isLoading}
        confirmation={{
          title: 'Send this approval back?',
          description:
            'Nothing is credited. The trade returns to the pending queue for a new decision.',
          label: 'Send back',
          loadingText: 'Sending back...',
        }}
        send={async (reason) => {
          const returned = await returnApproval({ id: trade.id, reason }).unwrap();
          toast.success(`Trade ${trade.reference} is back in the pending queue.`);
          onDecided(returned);
        }}
      />
    </>
  );
}
