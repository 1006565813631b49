import type { Trade } from '@karta/shared/schemas/trades';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { formatCardAmount } from '../../../lib/format-money';
import { useCancelTradeMutation } from '../api';

interface CancelTradeDialogProps {
  trade: Trade;
  userId: string;
  isOpen: boolean;
  onClose: () => void;
}

/** Asks before cancelling a pending trade, then cancels it. */
export function CancelTradeDialog({ trade, userId, isOpen, onClose }: CancelTradeDialogProps) {
  const [cancelTrade, { isLoading }] = useCancelTradeMutation();

  const confirm = async () => {
    try {
      await cancelTrade({ userId, tradeId: trade.id }).unwrap();
      toast.success(`Trade ${trade.reference} was cancelled.`);
    } catch {
      // The error toast says why (docs/product.md §8); the trade is fetched again and shows where it is.
    }
    onClose();
  };

  return (
    <Modal
      isOpen={isOpen}
      onClose={() => {
        if (!isLoading) onClose();
      }}
      title="Cancel this trade?"
      description="We stop reviewing it and nothing is paid for it. You can create a new trade at any time."
      size="sm"
    >
      <div className="rounded-[12px] border border-line bg-mist p-4 text-sm">
        <p className="font-semibold text-ink">
          {trade.gift_card.name} ·{' '}
          <span className="money">
            {formatCardAmount(trade.amount, trade.subcategory.currency)}
          </span>
        </p>
        <p className="text-slate">Reference {trade.reference}</p>
      </div>
      <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={isLoading}>
          Keep trade
        </Button>
        <Button
          variant="danger"
          isLoading={isLoading}
          loadingText="Cancelling..."
          onClick={() => void confirm()}
        >
          Cancel trade
        </Button>
      </div>
    </Modal>
  );
}
