import { zodResolver } from '@hookform/resolvers/zod';
import {
  ResolvePayoutAlertInputSchema,
  type ResolvePayoutAlertInput,
} from '@karta/shared/schemas/console-overview';
import type { PayoutAlert } from '@karta/shared/schemas/withdrawal-desk';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextArea } from '../../../components/ui/text-area';
import { toast } from '../../../lib/toast';
import { useResolvePayoutAlertMutation } from '../api';

const NOTE_MAX_LENGTH = 500;

/**
 * Admin only: close an alert with a note on what was done (kept in the audit log and on the
 * withdrawal's timeline). The note is required; nothing moves in the ledger.
 */
export function ResolveAlertDialog({
  alert,
  onClose,
}: {
  alert: PayoutAlert | null;
  onClose: () => void;
}) {
  const [resolveAlert, { isLoading }] = useResolvePayoutAlertMutation();
  const form = useForm<ResolvePayoutAlertInput>({
    resolver: zodResolver(ResolvePayoutAlertInputSchema),
    defaultValues: { note: '' },
  });
  const note = form.watch('note');
  const close = () => {
    if (isLoading) return;
    form.reset();
    onClose();
  };

  const submit = async (values: ResolvePayoutAlertInput) => {
    if (!alert) return;
    try {
      await resolveAlert({ id: alert.id, withdrawalId: alert.withdrawal_id, ...values }).unwrap();
      toast.success(`The alert on ${alert.transaction_id} is resolved.`);
      form.reset();
      onClose();
    } catch {
      // The error toast says why (already resolved by someone else, or not allowed).
    }
  };

  return (
    <Modal
      isOpen={alert !== null}
      onClose={close}
      title="Resolve this payout alert?"
      description="Say what was done: the money recovered, the seller contacted, the bank's answer."
      size="sm"
    >
      {alert && (
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => void form.handleSubmit(submit)(event)}
        >
          <p className="rounded-[12px] border border-line bg-mist p-3 text-sm text-ink">
            {alert.transaction_id}: {alert.detail}
          </p>
          <TextArea
            label="What was done"
            length={note.length}
            maxLength={NOTE_MAX_LENGTH}
            error={form.formState.errors.note?.message}
            rows={3}
            {...form.register('note')}
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" disabled={isLoading} onClick={close}>
              Go back
            </Button>
            <Button type="submit" isLoading={isLoading} loadingText="Resolving...">
              Resolve alert
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
