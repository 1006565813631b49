import { zodResolver } from '@hookform/resolvers/zod';
import {
  SELLER_REASON_MAX,
  SellerActionInputSchema,
  type SellerActionInput,
  type SellerProfile,
} from '@karta/shared/schemas/sellers-desk';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextArea } from '../../../components/ui/text-area';
import { getErrorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useActOnSellerMutation, type SellerActionKind } from '../api';

const WORDING: Record<
  SellerActionKind,
  { title: string; what: string; confirm: string; busy: string; done: string; isDanger: boolean }
> = {
  suspend: {
    title: 'Suspend this account?',
    what: 'Every session ends now. The seller cannot sign in, trade or withdraw until an operator lifts the suspension; sign-in tells them to contact support. Payouts already with the bank still finish.',
    confirm: 'Suspend account',
    busy: 'Suspending...',
    done: 'Account suspended. Every session has ended.',
    isDanger: true,
  },
  unsuspend: {
    title: 'Lift the suspension?',
    what: 'The seller can sign in, trade and withdraw again.',
    confirm: 'Lift suspension',
    busy: 'Lifting...',
    done: 'Suspension lifted. The seller can sign in again.',
    isDanger: false,
  },
  unlock_pin: {
    title: 'Unlock the withdrawal PIN?',
    what: 'Withdrawals were locked after five wrong PINs. Unlock only after you have confirmed who you are speaking to; the count of wrong PINs starts again.',
    confirm: 'Unlock PIN',
    busy: 'Unlocking...',
    done: 'PIN unlocked. The seller can withdraw again.',
    isDanger: false,
  },
};

interface SellerActionDialogProps {
  seller: SellerProfile;
  action: SellerActionKind | null;
  onClose: () => void;
}

/** The confirmation of a console action, with the reason the audit log keeps. */
export function SellerActionDialog({ seller, action, onClose }: SellerActionDialogProps) {
  const [act, { isLoading, error, reset: resetMutation }] = useActOnSellerMutation();
  const form = useForm<SellerActionInput>({
    resolver: zodResolver(SellerActionInputSchema),
    defaultValues: { reason: '' },
  });
  const reason = form.watch('reason');
  const close = () => {
    form.reset();
    resetMutation();
    onClose();
  };
  if (!action) return null;
  const words = WORDING[action];
  const name = `${seller.first_name} ${seller.last_name}`;

  return (
    <Modal isOpen title={words.title} description={name} onClose={close}>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) =>
          void form.handleSubmit(async (values) => {
            try {
              await act({ id: seller.id, action, reason: values.reason }).unwrap();
              toast.success(words.done);
              close();
            } catch {
              // Shown below the reason, and toasted.
            }
          })(event)
        }
      >
        <div data-modal-body className="flex flex-col gap-4">
          <p className="text-sm text-ink">{words.what}</p>
          <TextArea
            label="Reason (kept in the audit log)"
            rows={3}
            length={reason.length}
            maxLength={SELLER_REASON_MAX}
            error={form.formState.errors.reason?.message}
            {...form.register('reason')}
          />
          {error && (
            <p role="alert" className="rounded-[12px] bg-rejected-bg p-3 text-sm text-rejected">
              {getErrorMessage(error)}
            </p>
          )}
        </div>
        <div className="flex flex-wrap justify-end gap-3">
          <Button type="button" variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant={words.isDanger ? 'danger' : 'primary'}
            isLoading={isLoading}
            loadingText={words.busy}
          >
            {words.confirm}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
