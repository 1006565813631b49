import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useGetPendingTradeCountQuery } from '../api';

interface DeactivateTarget {
  kind: 'cards' | 'subcategories';
  id: string;
  name: string;
}

const tradesWaiting = (n: number) =>
  n === 1
    ? '1 trade is still waiting for a decision'
    : `${String(n)} trades are still waiting for a decision`;

const WHAT_SELLERS_LOSE: Record<DeactivateTarget['kind'], string> = {
  cards: 'Sellers can no longer choose this card or any of its subcategories for a new trade.',
  subcategories: 'Sellers can no longer choose this subcategory for a new trade.',
};

interface DeactivateDialogProps {
  target: DeactivateTarget;
  onClose: () => void;
  /** The deactivation itself; rejects with the API's error. */
  onConfirm: () => Promise<unknown>;
}

/**
 * Deactivating is allowed with trades waiting, but never blind: the dialog asks the API how many
 * first and says it, before and after.
 */
export function DeactivateDialog({ target, onClose, onConfirm }: DeactivateDialogProps) {
  const { currentData, isError, isFetching, refetch } = useGetPendingTradeCountQuery(
    { kind: target.kind, id: target.id },
    { refetchOnMountOrArgChange: true },
  );
  const [isSaving, setIsSaving] = useState(false);
  const [failure, setFailure] = useState<string>();
  const pending = currentData?.pending_trades;

  const confirm = async () => {
    setIsSaving(true);
    setFailure(undefined);
    try {
      await onConfirm();
      toast.success(
        pending
          ? `${target.name} deactivated. ${tradesWaiting(pending)}.`
          : `${target.name} deactivated.`,
      );
      onClose();
    } catch (error) {
      setFailure(getErrorMessage(error));
    } finally {
      setIsSaving(false);
    }
  };

  const count = () => {
    if (currentData === undefined && isError) {
      return (
        <LoadError
          message="We could not count the trades waiting on it."
          onRetry={() => void refetch()}
          isRetrying={isFetching}
        />
      );
    }
    if (pending === undefined) {
      return <Spinner label="Counting the trades waiting on it..." />;
    }
    return (
      <p className="rounded-[12px] bg-pending-bg p-3 text-sm text-pending" aria-live="polite">
        {pending === 0
          ? 'No trades are waiting for a decision on it.'
          : `${tradesWaiting(pending)} on it. ${pending === 1 ? 'It stays' : 'They stay'} in the review queue and ${pending === 1 ? 'is' : 'are'} decided at the rate the seller was given.`}
      </p>
    );
  };

  return (
    <Modal isOpen title={`Deactivate ${target.name}?`} onClose={onClose}>
      <div className="flex flex-col gap-4">
        <div data-modal-body className="flex flex-col gap-3">
          <p className="text-sm text-ink">{WHAT_SELLERS_LOSE[target.kind]}</p>
          {count()}
          {failure && (
            <p role="alert" className="rounded-[12px] bg-rejected-bg p-3 text-sm text-rejected">
              {failure}
            </p>
          )}
        </div>
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={pending === undefined}
            isLoading={isSaving}
            loadingText="Deactivating..."
            onClick={() => void confirm()}
          >
            Deactivate
          </Button>
        </div>
      </div>
    </Modal>
  );
}
