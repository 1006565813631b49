import type { Blocker } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

/**
 * Asked when a seller with photos picked, and no trade created yet, follows a link away from
 * the trade screen (or the browser's Back past its first step): photos cannot be kept for them,
 * so leaving loses them.
 */
export function LeaveTradeDialog({ blocker }: { blocker: Blocker }) {
  const stay = () => {
    blocker.reset?.();
  };
  return (
    <Modal
      isOpen={blocker.state === 'blocked'}
      onClose={stay}
      title="Leave this trade?"
      description="Your photos and the card's details are not saved. If you leave, you will need to add them again."
      size="sm"
    >
      <div className="mt-4 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={() => blocker.proceed?.()}>
          Leave
        </Button>
        <Button onClick={stay}>Stay and finish</Button>
      </div>
    </Modal>
  );
}
