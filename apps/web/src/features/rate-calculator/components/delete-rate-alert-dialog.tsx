import type { RateAlert } from '@karta/shared/schemas/rate-alerts';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
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
      // A failed call is already told to the user by the global error toasts (spec §8).
    }
  };

  return (
    <Modal
      isOpen={alert !== null}
      onClose={close}
      title="Delete this rate alert?"
      description="We will stop telling you about this rate."
      size="sm"
    >
      {alert && (
        <>
          <div className="rounded-[12px] border border-line bg-mist p-4 text-sm">
            <p className="font-semibold text-ink">{alert.card_name}</p>
            <p className="text-slate">{alert.subcategory_name}</p>
            <p className="mt-1 text-ink tabular-nums">
              Alert at {formatNaira(alert.target_rate)} per {currencySymbol(alert.currency)}1
            </p>
          </div>
          <p className="mt-3 text-sm text-slate">You can set it again on the rate calculator.</p>
          <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close} disabled={isLoading}>
              Cancel
            </Button>
            <Button
              variant="danger"
              isLoading={isLoading}
              loadingText="Deleting..."
              onClick={() => void confirmDelete(alert)}
            >
              Delete
            </Button>
          </div>
        </>
      )}
    </Modal>
  );
}
