import { zodResolver } from '@hookform/resolvers/zod';
import {
  LowerKycTierInputSchema,
  SELLER_REASON_MAX,
  type LowerKycTierInput,
  type SellerProfile,
} from '@karta/shared/schemas/sellers-desk';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextArea } from '../../../components/ui/text-area';
import { getErrorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useLowerSellerKycTierMutation, useResetSellerTwoFactorMutation } from '../api';

/** The admin's own actions on the seller page: each needs a reason, kept in the audit log. */
export type SellerAdminAction = 'lower_kyc_tier' | 'reset_two_factor';

const WORDING: Record<
  SellerAdminAction,
  { title: string; what: string; confirm: string; busy: string; done: string }
> = {
  lower_kyc_tier: {
    title: 'Lower the KYC tier?',
    what: 'The lower tier’s withdrawal limits hold at once. The seller is told by notice and mail that their tier was lowered after a review, without your reason.',
    confirm: 'Lower tier',
    busy: 'Lowering...',
    done: 'KYC tier lowered. The seller has been told.',
  },
  reset_two_factor: {
    title: 'Reset two-step sign-in?',
    what: 'Only after you have checked who you are speaking to. The authenticator app, its recovery codes and every passkey stop working, every session ends, and the account is told by mail.',
    confirm: 'Reset two-step sign-in',
    busy: 'Resetting...',
    done: 'Two-step sign-in reset. Every session of the account has ended.',
  },
};

interface SellerAdminDialogProps {
  seller: SellerProfile;
  action: SellerAdminAction | null;
  onClose: () => void;
}

/** An admin lowers a seller's KYC tier (decision 063) or resets their two-step sign-in (061). */
export function SellerAdminDialog({ seller, action, onClose }: SellerAdminDialogProps) {
  const [lower, lowering] = useLowerSellerKycTierMutation();
  const [reset, resetting] = useResetSellerTwoFactorMutation();
  const lowerTo = Math.max(0, seller.kyc_tier - 1);
  const form = useForm<LowerKycTierInput>({
    resolver: zodResolver(LowerKycTierInputSchema),
    values: { tier: lowerTo, reason: '' },
  });
  const reason = form.watch('reason');
  const close = () => {
    form.reset();
    lowering.reset();
    resetting.reset();
    onClose();
  };
  if (!action) return null;
  const words = WORDING[action];
  const error = action === 'lower_kyc_tier' ? lowering.error : resetting.error;
  const isLoading = lowering.isLoading || resetting.isLoading;

  return (
    <Modal
      isOpen
      title={words.title}
      description={`${seller.first_name} ${seller.last_name}`}
      onClose={close}
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) =>
          void form.handleSubmit(async (values) => {
            try {
              if (action === 'lower_kyc_tier') {
                await lower({ id: seller.id, tier: values.tier, reason: values.reason }).unwrap();
              } else {
                await reset({ id: seller.id, reason: values.reason }).unwrap();
              }
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
                {...form.register('tier', { valueAsNumber: true })}
              >
                {Array.from({ length: seller.kyc_tier }, (_, tier) => tier)
                  .reverse()
                  .map((tier) => (
                    <option key={tier} value={tier}>
                      Tier {tier}
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
          <Button type="submit" variant="danger" isLoading={isLoading} loadingText={words.busy}>
            {words.confirm}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
