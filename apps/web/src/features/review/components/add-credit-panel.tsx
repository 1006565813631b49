import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminTrade } from '@karta/shared/schemas/trades';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { TextArea } from '../../../components/ui/text-area';
import { TextInput } from '../../../components/ui/text-input';
import { getErrorMessage, isQueryError, markShownInPlace } from '../../../lib/api-error';
import { formatNaira } from '../../../lib/format-money';
import { makeIdempotencyKey } from '../../../lib/idempotency-key';
import { toast } from '../../../lib/toast';
import { useAdjustTradeMutation } from '../api';
import {
  AdjustFormSchema,
  nairaFieldValue,
  NOTE_MAX_LENGTH,
  parseNaira,
  type AdjustFormValues,
} from '../review-form-schemas';
import { DecisionPanel, useDecision } from './decision-panel';

/** One attempt: what the admin confirmed, and the key every send of it carries. */
interface Attempt {
  naira: number;
  reason: string;
  key: string;
}

/**
 * The connection dropped or the server failed: the addition may or may not have been made.
 * Sending the same attempt again (same key, same body) settles it without adding twice.
 */
const isUnknownOutcome = (error: unknown) =>
  !isQueryError(error) || typeof error.status !== 'number' || error.status >= 500;

/**
 * Admin only: add to an approved trade's credit, with a reason the audit log keeps. Each
 * confirmation is one attempt with its own Idempotency-Key; when its outcome is unknown the
 * dialog stays open and sending again reuses the key, so the seller is credited once. The
 * answer says whether it was credited or waits for a second admin (decision 049).
 */
export function AddCreditPanel({ trade }: { trade: AdminTrade }) {
  const [adjustTrade, { isLoading }] = useAdjustTradeMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<AdjustFormValues>({
    resolver: zodResolver(AdjustFormSchema),
    defaultValues: { amount: '', reason: '' },
  });
  const { errors } = form.formState;
  const reason = form.watch('reason');
  const seller = `${trade.user.first_name} ${trade.user.last_name}`;
  const credited = trade.total_credited ?? trade.final_value ?? 0;

  const decision = useDecision(
    async ({ naira, reason, key }: Attempt) => {
      setProblem(null);
      try {
        const answer = await adjustTrade({
          id: trade.id,
          idempotencyKey: key,
          amount: naira,
          reason,
        }).unwrap();
        toast.success(answer.message);
        form.reset();
      } catch (error) {
        if (isUnknownOutcome(error)) {
          markShownInPlace(error);
          setProblem(
            `${getErrorMessage(error)} We cannot tell whether the addition was recorded. Send it again: it is the same request, so the seller is credited once at most.`,
          );
        }
        throw error;
      }
    },
    { keepOpen: isUnknownOutcome },
  );

  return (
    <DecisionPanel
      title="Add to the credit"
      variant="secondary"
      submitLabel="Add to the credit"
      onSubmit={(event) =>
        void form.handleSubmit((values) => {
          setProblem(null);
          decision.ask({
            naira: parseNaira(values.amount) ?? 0,
            reason: values.reason.trim(),
            key: makeIdempotencyKey(),
          });
        })(event)
      }
      decision={decision}
      isLoading={isLoading}
      confirmation={{
        title: 'Add to this trade’s credit?',
        description:
          'It goes to the seller’s wallet at once, unless it reaches the four-eyes sum: then it waits for a second admin. It cannot be undone.',
        label: 'Add to the credit',
        loadingText: 'Adding...',
      }}
      renderSummary={(attempt) => (
        <div className="rounded-[12px] border border-line bg-mist p-4">
          <p className="text-sm text-slate">To add for {seller}</p>
          <p className="money text-2xl font-bold text-ink">+{formatNaira(attempt.naira)}</p>
          <p className="mt-1 text-sm text-slate">
            Trade {trade.reference} · credited so far {formatNaira(credited)}
          </p>
          <p className="mt-2 text-sm break-words text-ink">
            <span className="font-semibold">Reason:</span> {attempt.reason}
          </p>
          {problem && (
            <p
              role="alert"
              className="mt-3 rounded-[12px] bg-rejected-bg p-3 text-sm text-rejected"
            >
              {problem}
            </p>
          )}
        </div>
      )}
    >
      <p className="text-sm text-slate">
        When the trade credited too little. The seller is mailed the amount added, not the reason. A
        large addition, or one that brings what you credited this seller today or on this trade to
        the four-eyes sum, waits for a second admin.
      </p>
      <TextInput
        label="Naira to add"
        prefix="₦"
        inputMode="decimal"
        autoComplete="off"
        error={errors.amount?.message}
        hint={`Credited so far: ${formatNaira(credited)}.`}
        {...form.register('amount', {
          // Naira with two decimals, as the confirmation will show it.
          onBlur: (event: { target: { value: string } }) => {
            const naira = parseNaira(event.target.value);
            if (naira !== null && naira > 0) form.setValue('amount', nairaFieldValue(naira));
          },
        })}
      />
      <TextArea
        label="Reason (for the audit log)"
        length={reason.length}
        maxLength={NOTE_MAX_LENGTH}
        error={errors.reason?.message}
        rows={2}
        {...form.register('reason')}
      />
    </DecisionPanel>
  );
}
