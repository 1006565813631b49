import { zodResolver } from '@hookform/resolvers/zod';
import { TRADE_REVIEW_MESSAGES, type AdminTrade } from '@karta/shared/schemas/trades';
import { useForm } from 'react-hook-form';
import { TextArea } from '../../../components/ui/text-area';
import { TextInput } from '../../../components/ui/text-input';
import { currencySymbol, formatCardAmount, formatNaira } from '../../../lib/format-money';
import { toast } from '../../../lib/toast';
import { useApproveTradeMutation } from '../api';
import {
  ApproveFormSchema,
  NOTE_MAX_LENGTH,
  nairaFieldValue,
  noteOf,
  parseNaira,
  type ApproveFormValues,
} from '../review-form-schemas';
import { DecisionPanel, useDecision } from './decision-panel';

interface ApprovePanelProps {
  trade: AdminTrade;
  onDecided: (trade: AdminTrade) => void;
}

/**
 * Approve: the naira to credit (the expected value unless the operator changes it), an
 * optional note for the seller, and a confirmation that names the amount and the seller.
 */
export function ApprovePanel({ trade, onDecided }: ApprovePanelProps) {
  const [approveTrade, { isLoading }] = useApproveTradeMutation();
  const form = useForm<ApproveFormValues>({
    resolver: zodResolver(ApproveFormSchema),
    defaultValues: { finalValue: nairaFieldValue(trade.expected_value), note: '' },
  });
  const { errors } = form.formState;
  const note = form.watch('note');
  const seller = `${trade.user.first_name} ${trade.user.last_name}`;
  const { currency } = trade.subcategory;
  const decision = useDecision(async ({ naira, note }: { naira: number; note: string }) => {
    const approved = await approveTrade({
      id: trade.id,
      final_value: naira,
      ...noteOf(note),
    }).unwrap();
    toast.success(
      approved.status === 'awaiting_second_approval'
        ? `Trade ${trade.reference} approved. ${naira < trade.expected_value ? `${formatNaira(naira)} is offered to the seller` : `${formatNaira(naira)} is credited`} once a second operator confirms it.`
        : approved.status === 'counter_offered'
          ? `Trade ${trade.reference}: ${formatNaira(naira)} was offered to ${seller}. Nothing is credited until they accept.`
          : `Trade ${trade.reference} approved: ${formatNaira(approved.final_value ?? naira)} was credited to ${seller}.`,
    );
    onDecided(approved);
  });

  // Below the expected value the seller is asked first (decision 037): the button says so.
  const isOffer = decision.pending !== null && decision.pending.naira < trade.expected_value;

  return (
    <DecisionPanel
      title="Approve"
      variant="primary"
      submitLabel="Approve trade"
      onSubmit={(event) =>
        void form.handleSubmit((values) => {
          const naira = parseNaira(values.finalValue) ?? 0;
          // The server refuses more than the expected value (an admin adds to a credit with a
          // reason instead): said under the field now, not after a confirmation.
          if (naira > trade.expected_value) {
            form.setError('finalValue', {
              message: TRADE_REVIEW_MESSAGES.finalAboveExpected(formatNaira(trade.expected_value)),
            });
            return;
          }
          decision.ask({ naira, note: values.note });
        })(event)
      }
      decision={decision}
      isLoading={isLoading}
      confirmation={{
        title: 'Approve this trade?',
        description:
          'At the expected value the wallet is credited at once; below it, the seller gets an offer to accept or decline. A large amount first waits for a second operator. The decision cannot be undone.',
        label: isOffer ? 'Send the offer' : 'Approve and credit',
        loadingText: isOffer ? 'Sending the offer...' : 'Approving...',
      }}
      renderSummary={(choice) => (
        <div className="rounded-[12px] border border-line bg-mist p-4">
          <p className="text-sm text-slate">
            {choice.naira < trade.expected_value
              ? `To offer to ${seller}`
              : `To credit to ${seller}`}
          </p>
          <p className="money text-2xl font-bold text-ink">{formatNaira(choice.naira)}</p>
          <p className="mt-1 text-sm text-slate">
            Trade {trade.reference} · {trade.gift_card.name} ·{' '}
            {formatCardAmount(trade.amount, currency)}
          </p>
          {choice.naira < trade.expected_value && (
            <p className="mt-1 text-sm font-semibold text-pending">
              Expected was {formatNaira(trade.expected_value)}. This is sent to the seller as an
              offer: nothing is credited until they accept, and they have 24 hours to answer.
            </p>
          )}
          {choice.note.trim() && (
            <p className="mt-2 text-sm text-ink">
              <span className="font-semibold">Note:</span> {choice.note.trim()}
            </p>
          )}
        </div>
      )}
    >
      <TextInput
        label="Naira to credit"
        prefix="₦"
        inputMode="decimal"
        autoComplete="off"
        error={errors.finalValue?.message}
        hint={`Expected ${formatNaira(trade.expected_value)}: ${formatCardAmount(trade.amount, currency)} at ${formatNaira(trade.rate)} per ${currencySymbol(currency)}1. A lower value is sent to the seller as an offer to accept or decline.`}
        {...form.register('finalValue')}
      />
      <TextArea
        label="Note to the seller (optional)"
        length={note.length}
        maxLength={NOTE_MAX_LENGTH}
        error={errors.note?.message}
        rows={2}
        {...form.register('note')}
      />
    </DecisionPanel>
  );
}
