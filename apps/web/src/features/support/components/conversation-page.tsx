import { Link, useParams } from 'react-router';
import { ToneBadge } from '../../../components/ui/status-badge';
import { paths } from '../../../config/paths';
import { selectUserId } from '../../../lib/session/auth-slice';
import { useAppSelector } from '../../../lib/store/hooks';
import { useGetConversationQuery } from '../api';
import { SELLER_STATUS_WORDS, STATUS_TONES } from '../support-words';
import { ConversationThread } from './conversation-thread';

const linkClass =
  'font-semibold text-brand underline-offset-4 hover:text-brand-deep hover:underline';

/** /dashboard/messages/:id: one conversation with the Karta team. */
export function ConversationPage() {
  const { id = '' } = useParams();
  const userId = useAppSelector(selectUserId) ?? '';
  // The same read as the thread's (one request): its status and trade head the page.
  const { currentData: conversation } = useGetConversationQuery(
    { userId, conversationId: id },
    { skip: !userId || !id },
  );
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5">
      <Link to={paths.dashboard.messages.getHref()} className={`self-start ${linkClass}`}>
        ← All messages
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {conversation?.trade ? `Trade ${conversation.trade.reference}` : 'Conversation'}
        </h1>
        {conversation && (
          <ToneBadge tone={STATUS_TONES[conversation.status]}>
            {SELLER_STATUS_WORDS[conversation.status]}
          </ToneBadge>
        )}
      </div>
      {conversation?.trade && (
        <Link
          to={paths.dashboard.tradeTransaction.getHref(conversation.trade.id)}
          className={`self-start ${linkClass}`}
        >
          Open the trade
        </Link>
      )}
      {userId && <ConversationThread userId={userId} conversationId={id} />}
    </div>
  );
}
