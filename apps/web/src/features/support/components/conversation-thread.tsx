import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { MessageList } from '../../../components/support/message-list';
import { MessageComposer } from '../../../components/support/message-composer';
import { useGetConversationQuery, useSendMessageMutation } from '../api';
import { useReadOnView } from '../use-read-on-view';

/**
 * One conversation: its messages (the newest 50, oldest at the top) and the composer. The Karta
 * team's messages are signed "Karta team" by the API; opening it marks them read.
 */
export function ConversationThread({
  userId,
  conversationId,
}: {
  userId: string;
  conversationId: string;
}) {
  const { currentData, isError, isFetching, refetch } = useGetConversationQuery(
    { userId, conversationId },
    { refetchOnMountOrArgChange: true, refetchOnFocus: true },
  );
  const [send] = useSendMessageMutation();
  useReadOnView(userId, currentData?.id, currentData?.unread_count ?? 0);

  if (currentData === undefined && isError) {
    return (
      <LoadError
        message="We could not load the conversation."
        onRetry={() => void refetch()}
        isRetrying={isFetching}
      />
    );
  }
  if (currentData === undefined) return <ListSkeleton label="Loading messages" />;
  const shown = [...currentData.messages.data].reverse();
  const older = currentData.messages.meta.total - shown.length;
  return (
    <div className="flex flex-col gap-4">
      {older > 0 && (
        <p className="text-sm text-slate">
          Showing the newest {shown.length} of {currentData.messages.meta.total} messages.
        </p>
      )}
      <MessageList messages={shown} mine="seller" />
      <MessageComposer
        label="Reply to the Karta team"
        submitLabel="Send reply"
        onSend={({ body, photos, onProgress }) =>
          send({ userId, conversationId, body, photos, onProgress }).unwrap()
        }
      />
    </div>
  );
}
