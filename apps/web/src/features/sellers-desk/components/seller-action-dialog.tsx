import { zodResolver } from '@hookform/resolvers/zod';
import {
  SELLER_REASON_MAX,
  SellerActionInputSchema,
  type SellerActionInput,
  type SellerProfile,
} from '@karta/shared/schemas/sellers-desk';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextArea } from '../../../components/ui/text-area';
import { getErrorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import {
  useActOnSellerMutation,
  useLowerSellerKycTierMutation,
  useResetSellerTwoFactorMutation,
  type SellerActionKind,
} from '../api';

/** An admin's own actions on the seller page (the operators' are SellerActionKind). */
export type SellerAdminAction = 'lower_kyc_tier' | 'reset_two_factor';
type AnyAction = SellerActionKind | SellerAdminAction;

const WORDING: Record<
  AnyAction,
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
  lower_kyc_tier: {
    title: 'Lower the KYC tier?',
    what: 'The lower tier’s withdrawal limits hold at once. The seller is told by notice and mail that their tier was lowered after a review, without your reason.',
    confirm: 'Lower tier',
    busy: 'Lowering...',
    done: 'KYC tier lowered. The seller has been told.',
    isDanger: true,
  },
  reset_two_factor: {
    title: 'Reset two-step sign-in?',
    what: 'Only after you have checked who you are speaking to. The authenticator app, its recovery codes and every passkey stop working, every session ends, and the account is told by mail.',
    confirm: 'Reset two-step sign-in',
    busy: 'Resetting...',
    done: 'Two-step sign-in reset. Every session of the account has ended.',
    isDanger: true,
  },
};

interface SellerActionDialogProps {
  seller: SellerProfile;
  action: AnyAction | null;
  onClose: () => void;
}

/**
 * The confirmation of a console action, with the reason the audit log keeps: an operator's
 * (suspend, lift, unlock the PIN) or an admin's (lower the KYC tier to a chosen tier, decision
 * 063; reset two-step sign-in, decision 061).
 */
export function SellerActionDialog({ seller, action, onClose }: SellerActionDialogProps) {
  const [act, acting] = useActOnSellerMutation();
  const [lower, lowering] = useLowerSellerKycTierMutation();
  const [reset, resetting] = useResetSellerTwoFactorMutation();
  const [tier, setTier] = useState(Math.max(0, seller.kyc_tier - 1));
  const isLoading = acting.isLoading || lowering.isLoading || resetting.isLoading;
  const error = acting.error ?? lowering.error ?? resetting.error;
  const form = useForm<SellerActionInput>({
    resolver: zodResolver(SellerActionInputSchema),
    defaultValues: { reason: '' },
  });
  const reason = form.watch('reason');
  const close = () => {
    form.reset();
    acting.reset();
    lowering.reset();
    resetting.reset();
    setTier(Math.max(0, seller.kyc_tier - 1));
    onClose();
  };
  const send = (reason: string) => {
    if (action === 'lower_kyc_tier') return lower({ id: seller.id, tier, reason }).unwrap();
    if (action === 'reset_two_factor') return reset({ id: seller.id, reason }).unwrap();
    return action ? act({ id: seller.id, action, reason }).unwrap() : Promise.resolve();
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
              await send(values.reason);
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
          {action === 'lower_kyc_tier' && (
            <label className="flex flex-col gap-1.5 text-sm font-medium text-ink">
              Lower to
              <select
                className="min-h-11 rounded-[12px] border border-line bg-white px-3 text-base"
                value={tier}
                onChange={(event) => {
                  setTier(Number(event.target.value));
                }}
              >
                {Array.from(
                  { length: seller.kyc_tier },
                  (_, each) => seller.kyc_tier - 1 - each,
                ).map((each) => (
                  <option key={each} value={each}>
                    Tier {each}
                  </option>
                ))}
              </select>
            </label>
          )}
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
