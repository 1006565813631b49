import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminTrade } from '@karta/shared/schemas/trades';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
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
  const [confirming, setConfirming] = useState<{ naira: number; note: string } | null>(null);
  const form = useForm<ApproveFormValues>({
    resolver: zodResolver(ApproveFormSchema),
    defaultValues: { finalValue: nairaFieldValue(trade.expected_value), note: '' },
  });
  const { errors } = form.formState;
  const note = form.watch('note');
  const seller = `${trade.user.first_name} ${trade.user.last_name}`;
  const { currency } = trade.subcategory;

  const confirm = async () => {
    if (!confirming) return;
    try {
      const approved = await approveTrade({
        id: trade.id,
        final_value: confirming.naira,
        ...noteOf(confirming.note),
      }).unwrap();
      toast.success(
        `Trade ${trade.reference} approved: ${formatNaira(approved.final_value ?? confirming.naira)} was credited to ${seller}.`,
      );
      onDecided(approved);
    } catch {
      // The error toast says why (a 409 names who decided first); the trade is fetched again.
    }
    setConfirming(null);
  };

  return (
    <section aria-labelledby="approve-title" className="rounded-[12px] bg-white p-4 md:p-6">
      <h2 id="approve-title" className="text-lg font-bold text-ink">
        Approve
      </h2>
      <form
        noValidate
        className="mt-4 flex flex-col gap-4"
        onSubmit={(event) =>
          void form.handleSubmit((values) => {
            setConfirming({ naira: parseNaira(values.finalValue) ?? 0, note: values.note });
          })(event)
        }
      >
        <TextInput
          label="Naira to credit"
          prefix="₦"
          inputMode="decimal"
          autoComplete="off"
          error={errors.finalValue?.message}
          hint={`Expected ${formatNaira(trade.expected_value)}: ${formatCardAmount(trade.amount, currency)} at ${formatNaira(trade.rate)} per ${currencySymbol(currency)}1.`}
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
        <Button type="submit" aria-haspopup="dialog" className="self-start">
          Approve trade
        </Button>
      </form>
      <Modal
        isOpen={confirming !== null}
        onClose={() => {
          if (!isLoading) setConfirming(null);
        }}
        title="Approve this trade?"
        description="The wallet is credited at once, and the decision cannot be undone."
        size="sm"
      >
        {confirming && (
          <>
            <div className="rounded-[12px] border border-line bg-mist p-4">
              <p className="text-sm text-slate">To credit to {seller}</p>
              <p className="money text-2xl font-bold text-ink">{formatNaira(confirming.naira)}</p>
              <p className="mt-1 text-sm text-slate">
                Trade {trade.reference} · {trade.gift_card.name} ·{' '}
                {formatCardAmount(trade.amount, currency)}
              </p>
              {confirming.naira !== trade.expected_value && (
                <p className="mt-1 text-sm font-semibold text-pending">
                  Expected was {formatNaira(trade.expected_value)}.
                </p>
              )}
              {confirming.note.trim() && (
                <p className="mt-2 text-sm text-ink">
                  <span className="font-semibold">Note:</span> {confirming.note.trim()}
                </p>
              )}
            </div>
            <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button
                variant="secondary"
                disabled={isLoading}
                onClick={() => {
                  setConfirming(null);
                }}
              >
                Go back
              </Button>
              <Button
                isLoading={isLoading}
                loadingText="Approving..."
                onClick={() => void confirm()}
              >
                Approve and credit
              </Button>
            </div>
          </>
        )}
      </Modal>
    </section>
  );
}
