import type { RateAlert } from '@karta/shared/schemas/rate-alerts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { currencySymbol, formatNaira } from '../../../lib/format-money';
import { toast } from '../../../lib/toast';
import { useDeleteRateAlertMutation } from '../api';

interface DeleteRateAlertDialogProps {
  /** The alert to delete; the dialog is open while there is one. */
  alert: RateAlert | null;
  userId: string;
  onClose: () => void;
}

/** Asks before deleting a rate alert, then deletes it. */
export function DeleteRateAlertDialog({ alert, userId, onClose }: DeleteRateAlertDialogProps) {
  const [deleteRateAlert, { isLoading }] = useDeleteRateAlertMutation();

  const close = () => {
    if (!isLoading) onClose();
  };

  const confirmDelete = async (chosen: RateAlert) => {
    try {
      await deleteRateAlert({ user_id: userId, rate_alert_id: chosen.id }).unwrap();
      toast.success(`The alert for ${chosen.card_name} ${chosen.subcategory_name} was deleted.`);
      onClose();
    } catch {
      // A failed call is already told to the user by the global error toasts (docs/product.md §8).
    }
  };

  return (
    <ConfirmDialog
      isOpen={alert !== null}
      onClose={close}
      title="Delete this rate alert?"
      description="We will stop telling you about this rate."
      summary={
        alert && (
          <>
            <p className="font-semibold text-ink">{alert.card_name}</p>
            <p className="text-slate">{alert.subcategory_name}</p>
            <p className="mt-1 text-ink tabular-nums">
              Alert at {formatNaira(alert.target_rate)} per {currencySymbol(alert.currency)}1
            </p>
          </>
        )
      }
      note={<p className="mt-3 text-sm text-slate">You can set it again on the rate calculator.</p>}
      confirmLabel="Delete"
      loadingText="Deleting..."
      isBusy={isLoading}
      onConfirm={() => {
        if (alert) void confirmDelete(alert);
      }}
    />
  );
}
