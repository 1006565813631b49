import { TRADE_ANSWER_IMAGES_MAX } from '@karta/shared/constants';
import type { AdminTrade } from '@karta/shared/schemas/trades';
import { toast } from '../../../lib/toast';
import { useRequestTradeInfoMutation } from '../api';
import { MessagePanel } from './message-panel';

interface AskPanelProps {
  trade: AdminTrade;
  onDecided: (trade: AdminTrade) => void;
}

/**
 * "Ask the seller": a question the seller reads on their trade page and in a mail. The trade
 * leaves the queue until they answer, in words and up to five photos.
 */
export function AskPanel({ trade, onDecided }: AskPanelProps) {
  const [requestInfo, { isLoading }] = useRequestTradeInfoMutation();
  const seller = `${trade.user.first_name} ${trade.user.last_name}`;
  return (
    <MessagePanel
      title="Ask the seller"
      label="Question for the seller"
      requiredMessage="Write the question for the seller"
      hint={`Say exactly what you need. The seller can answer with text and up to ${String(TRADE_ANSWER_IMAGES_MAX)} photos.`}
      submitLabel="Ask the seller"
      reader={seller}
      isLoading={isLoading}
      confirmation={{
        title: 'Send this question?',
        description:
          'The seller is mailed, and the trade leaves the queue until they answer. Nothing is credited.',
        label: 'Send question',
        loadingText: 'Sending...',
      }}
      send={async (message) => {
        const asked = await requestInfo({ id: trade.id, message }).unwrap();
        toast.success(`Question sent to ${seller}. Trade ${trade.reference} waits for the answer.`);
        onDecided(asked);
      }}
    />
  );
}
