import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  RATE_CHANGE_REASON_MAX_LENGTH,
  ReturnRateChangeInputSchema,
  type RateChangeRequest,
  type ReturnRateChangeInput,
} from '@karta/shared/schemas/rate-change-requests';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextArea } from '../../../components/ui/text-area';
import { formatNaira } from '../../../lib/format-money';
import { toast } from '../../../lib/toast';
import { useReturnRateChangeMutation } from '../api';

interface SendBackDialogProps {
  change: RateChangeRequest | undefined;
  onClose: () => void;
}

/**
 * Sends a waiting rate back with a reason (required, at most 500 characters, the API's own
 * schema): nothing is published, and the reason is kept with the change. A failure is toasted by the API
 * client and the dialog stays open with the reason, to try again.
 */
export function SendBackDialog({ change, onClose }: SendBackDialogProps) {
  const [sendBack, { isLoading }] = useReturnRateChangeMutation();
  const form = useForm<ReturnRateChangeInput>({
    resolver: zodResolver(ReturnRateChangeInputSchema),
    defaultValues: { reason: '' },
  });
  const reason = form.watch('reason');
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    if (!change) return;
    const answer = await sendBack({ id: change.id, reason: values.reason })
      .unwrap()
      .catch(() => undefined);
    if (!answer) return;
    toast.success(answer.message);
    close();
  });

  return (
    <Modal
      isOpen={change !== undefined}
      onClose={close}
      size="sm"
      title="Send this rate back?"
      description="Nothing is published: sellers keep the rate in force. Your reason is kept with the change, in the audit trail."
    >
      {change && (
        <form
          noValidate
          onSubmit={(event) => {
            void submit(event);
          }}
          className="flex flex-col gap-4"
        >
          <div className="rounded-[12px] border border-line bg-mist p-4 text-sm">
            <p className="font-semibold text-ink">{change.label}</p>
            <p className="tabular-nums text-slate">
              {formatNaira(change.from_rate)} → {formatNaira(change.to_rate)}
            </p>
          </div>
          <TextArea
            label="Why it goes back"
            hint="For example: a typo, one zero too many."
            length={reason.length}
            maxLength={RATE_CHANGE_REASON_MAX_LENGTH}
            error={form.formState.errors.reason?.message}
            rows={3}
            {...form.register('reason')}
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close} disabled={isLoading}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="danger"
              isLoading={isLoading}
              loadingText="Sending back..."
            >
              Send back
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
