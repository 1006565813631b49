import { useId } from 'react';
import { MessageComposer } from '../../../components/support/message-composer';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { toast } from '../../../lib/toast';
import { useGetConversationsQuery, useSendMessageMutation } from '../api';
import { ConversationThread } from './conversation-thread';

/**
 * The trade page's conversation with the Karta team (decision 070): the messages about this
 * trade and a reply box, or, before anyone wrote, a box to ask a question about it.
 */
export function TradeConversation({
  userId,
  tradeId,
  isRejected = false,
}: {
  userId: string;
  tradeId: string;
  /** A rejected trade: the box is where the seller disputes the rejection. */
  isRejected?: boolean;
}) {
  const headingId = useId();
  const { currentData, isError, isFetching, refetch } = useGetConversationsQuery(
    { userId, tradeId },
    { refetchOnMountOrArgChange: true },
  );
  const [send] = useSendMessageMutation();
  const conversation = currentData?.data[0];

  const body = () => {
    if (currentData === undefined && isError) {
      return (
        <LoadError
          message="We could not load your messages about this trade."
          onRetry={() => void refetch()}
          isRetrying={isFetching}
        />
      );
    }
    if (currentData === undefined) return <ListSkeleton label="Loading messages" />;
    if (conversation)
      return <ConversationThread userId={userId} conversationId={conversation.id} />;
    return (
      <>
        <p className="text-slate">
          {isRejected
            ? 'Think the rejection is wrong? Tell us why, with photos if you have them: another member of the Karta team looks again and answers on this page, and we tell you by notice and e-mail.'
            : 'A question about this trade? Write to us here; the Karta team answers on this page, and we tell you by notice and e-mail.'}
        </p>
        <MessageComposer
          label={isRejected ? 'Why the rejection is wrong' : 'Your question'}
          onSend={async ({ body: text, photos, onProgress }) => {
            await send({ userId, tradeId, body: text, photos, onProgress }).unwrap();
            toast.success('Message sent. The Karta team will answer here.');
          }}
        />
      </>
    );
  };

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-[12px] bg-white p-4 md:p-6"
    >
      <h2 id={headingId} className="text-lg font-bold text-ink">
        Messages with the Karta team
      </h2>
      {body()}
    </section>
  );
}
