import { zodResolver } from '@hookform/resolvers/zod';
import {
  FailWithdrawalInputSchema,
  type DeskWithdrawalDetail,
  type FailWithdrawalInput,
} from '@karta/shared/schemas/withdrawal-desk';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextArea } from '../../../components/ui/text-area';
import { toast } from '../../../lib/toast';
import { useFailWithdrawalMutation } from '../api';
import { formatDeskNaira } from '../desk-money';

const REASON_MAX_LENGTH = 500;

/**
 * Admin only: fail the payout and return amount and fee to the seller's wallet, with a reason
 * (kept in the audit log) and a confirmation. One Idempotency-Key per confirmation, so a
 * double click or a retry refunds once.
 */
export function FailRefundPanel({ withdrawal: w }: { withdrawal: DeskWithdrawalDetail }) {
  const titleId = useId();
  const [failWithdrawal, { isLoading }] = useFailWithdrawalMutation();
  const [pending, setPending] = useState<(FailWithdrawalInput & { key: string }) | null>(null);
  const form = useForm<FailWithdrawalInput>({
    resolver: zodResolver(FailWithdrawalInputSchema),
    defaultValues: { reason: '' },
  });
  const reason = form.watch('reason');

  const confirm = async () => {
    if (!pending) return;
    try {
      await failWithdrawal({
        id: w.id,
        idempotencyKey: pending.key,
        reason: pending.reason,
      }).unwrap();
      toast.success(
        `${formatDeskNaira(w.total)} is back in the seller’s wallet. The seller has been e-mailed.`,
      );
      form.reset();
    } catch {
      // The error toast says why (already final, paid or still pending at the provider).
    }
    setPending(null);
  };

  return (
    <section aria-labelledby={titleId} className="rounded-[12px] bg-white p-4 md:p-6">
      <h2 id={titleId} className="text-lg font-bold text-ink">
        Fail and refund
      </h2>
      <p className="mt-1 text-sm text-slate">
        Only for a payout the provider reports failed or returned, or has never been sent. The
        provider is asked again first; a payout it may still pay (pending, or sent and not shown
        yet) is never refunded.
      </p>
      {!w.can_fail && (
        <p className="mt-3 rounded-[12px] bg-mist p-3 text-sm text-ink">
          Not now: the provider’s last answer says it may still pay this payout, or it has not been
          asked yet. Wait, and re-check it later.
        </p>
      )}
      <form
        noValidate
        className="mt-4 flex flex-col gap-4"
        onSubmit={(event) =>
          void form.handleSubmit((values) => {
            setPending({ reason: values.reason, key: crypto.randomUUID() });
          })(event)
        }
      >
        <TextArea
          label="Reason (for the audit log)"
          length={reason.length}
          maxLength={REASON_MAX_LENGTH}
          error={form.formState.errors.reason?.message}
          hint="The seller is told the bank did not confirm the payout; your reason stays with Karta."
          rows={3}
          disabled={!w.can_fail}
          {...form.register('reason')}
        />
        <Button
          type="submit"
          variant="danger"
          aria-haspopup="dialog"
          className="self-start"
          disabled={!w.can_fail}
        >
          Fail and refund
        </Button>
      </form>
      <Modal
        isOpen={pending !== null}
        onClose={() => {
          if (!isLoading) setPending(null);
        }}
        title="Fail this payout and refund the seller?"
        description="This cannot be undone. If the bank pays it later, an alert is raised."
        size="sm"
      >
        {pending && (
          <>
            <div className="rounded-[12px] border border-line bg-mist p-4 text-sm">
              <p className="text-slate">
                {formatDeskNaira(w.total)} (amount and fee) goes back to {w.user.first_name}{' '}
                {w.user.last_name}’s wallet, and they are e-mailed.
              </p>
              <p className="mt-2 text-ink">
                <span className="font-semibold">Reason:</span> {pending.reason}
              </p>
            </div>
            <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button
                variant="secondary"
                disabled={isLoading}
                onClick={() => {
                  setPending(null);
                }}
              >
                Go back
              </Button>
              <Button
                variant="danger"
                isLoading={isLoading}
                loadingText="Refunding..."
                onClick={() => void confirm()}
              >
                Fail and refund
              </Button>
            </div>
          </>
        )}
      </Modal>
    </section>
  );
}
