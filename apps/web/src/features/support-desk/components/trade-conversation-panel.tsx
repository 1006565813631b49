import { useId } from 'react';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { useGetTradeConversationQuery } from '../api';
import { DeskConversation } from './desk-conversation';

/** The trade review page's panel: the seller's conversation about this trade, beside it. */
export function TradeConversationPanel({ tradeId }: { tradeId: string }) {
  const headingId = useId();
  const { currentData, isError, isFetching, refetch } = useGetTradeConversationQuery(tradeId, {
    refetchOnMountOrArgChange: true,
    refetchOnFocus: true,
  });
  const body = () => {
    if (currentData === undefined && isError) {
      return (
        <LoadError
          message="We could not load the conversation."
          onRetry={() => void refetch()}
          isRetrying={isFetching}
        />
      );
    }
    if (currentData === undefined) return <ListSkeleton label="Loading the conversation" />;
    return <DeskConversation conversation={currentData} tradeId={tradeId} showTradeLink={false} />;
  };
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 self-start rounded-[12px] bg-white p-4 md:p-6"
    >
      <h2 id={headingId} className="text-lg font-bold text-ink">
        Conversation with the seller
      </h2>
      {body()}
    </section>
  );
}
