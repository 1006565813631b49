import { Button } from '../../../components/ui/button';
import { toast } from '../../../lib/toast';
import { useRecheckWithdrawalMutation } from '../api';

/** Asks the provider now; the answer is applied on the server and the page refreshes. */
export function RecheckButton({ id }: { id: string }) {
  const [recheck, { isLoading }] = useRecheckWithdrawalMutation();
  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="primary"
        isLoading={isLoading}
        loadingText="Asking the provider..."
        onClick={() =>
          void recheck(id)
            .unwrap()
            .then((response) => {
              toast.success(response.message);
            })
            .catch(() => {
              // The error toast says why (the provider did not answer, or the call failed).
            })
        }
      >
        Re-check with the provider
      </Button>
      <p className="text-sm text-slate">
        Asks the provider about this transfer now and applies its answer, as the payout worker
        would.
      </p>
    </div>
  );
}
