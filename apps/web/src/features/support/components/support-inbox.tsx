import { Link, useNavigate, useSearchParams } from 'react-router';
import { useId } from 'react';
import { AddressPagination } from '../../../components/history/address-pagination';
import { MessageComposer } from '../../../components/support/message-composer';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { ToneBadge } from '../../../components/ui/status-badge';
import { paths } from '../../../config/paths';
import { formatLagosDateTime } from '../../../lib/format-date';
import { readPage } from '../../../lib/list-query';
import { selectUserId } from '../../../lib/session/auth-slice';
import { useAppSelector } from '../../../lib/store/hooks';
import { toast } from '../../../lib/toast';
import { useGetConversationsQuery, useSendMessageMutation } from '../api';
import { SELLER_STATUS_WORDS, STATUS_TONES } from '../support-words';

const inboxHref = (page: number) =>
  page > 1
    ? `${paths.dashboard.messages.getHref()}?page=${String(page)}`
    : paths.dashboard.messages.getHref();

/**
 * /dashboard/messages (decision 070): every conversation with the Karta team, newest activity
 * first, with what is unread, and a box to start a new one (a question not about one trade).
 */
export function SupportInbox() {
  const userId = useAppSelector(selectUserId) ?? '';
  const [searchParams] = useSearchParams();
  const page = readPage(searchParams.get('page'));
  const navigate = useNavigate();
  const newId = useId();
  const { currentData, isError, isFetching, refetch } = useGetConversationsQuery(
    { userId, page },
    { skip: !userId, refetchOnMountOrArgChange: true, refetchOnFocus: true },
  );
  const [send] = useSendMessageMutation();

  const list = () => {
    if (currentData === undefined && isError) {
      return (
        <LoadError
          message="We could not load your messages."
          onRetry={() => void refetch()}
          isRetrying={isFetching}
        />
      );
    }
    if (currentData === undefined) return <ListSkeleton label="Loading your messages" />;
    if (currentData.meta.total === 0) {
      return (
        <EmptyState title="No messages yet">
          <p className="mt-2 text-slate">
            Write to us below, or from a trade’s page about that trade. We answer here.
          </p>
        </EmptyState>
      );
    }
    return (
      <>
        <ul aria-label="Conversations" className="rounded-[12px] border border-line bg-white">
          {currentData.data.map((conversation) => (
            <li key={conversation.id} className="border-b border-line last:border-b-0">
              <Link
                to={paths.dashboard.conversation.getHref(conversation.id)}
                className="flex min-h-11 flex-col gap-1 px-4 py-3 hover:bg-brand/5"
              >
                <span className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-semibold text-ink">
                    {conversation.trade
                      ? `Trade ${conversation.trade.reference}`
                      : 'General question'}
                  </span>
                  <span className="flex items-center gap-2">
                    {conversation.unread_count > 0 && (
                      <ToneBadge tone="bg-brand text-white">
                        {conversation.unread_count} unread
                      </ToneBadge>
                    )}
                    <ToneBadge tone={STATUS_TONES[conversation.status]}>
                      {SELLER_STATUS_WORDS[conversation.status]}
                    </ToneBadge>
                  </span>
                </span>
                <span className="line-clamp-2 break-words text-slate">
                  {conversation.last_message_preview || 'Photos'}
                </span>
                <span className="text-sm text-slate">
                  {formatLagosDateTime(conversation.last_message_at)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
        <AddressPagination
          label="Conversation pages"
          page={page}
          totalPages={currentData.meta.totalPages}
          hrefOf={inboxHref}
        />
      </>
    );
  };

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">Messages</h1>
        <p className="mt-2 text-slate">
          Your conversations with the Karta team, newest first. We are available 24/7.
        </p>
      </div>
      <section aria-label="Your conversations" aria-busy={currentData === undefined || undefined}>
        {list()}
      </section>
      <section
        aria-labelledby={newId}
        className="flex flex-col gap-3 rounded-[12px] bg-white p-4 md:p-6"
      >
        <h2 id={newId} className="text-lg font-bold text-ink">
          Start a new conversation
        </h2>
        <p className="text-sm text-slate">
          For a question about one trade, write from that trade’s page so we see it beside it.
        </p>
        <MessageComposer
          label="Your message"
          onSend={async ({ body, photos, onProgress }) => {
            const sent = await send({ userId, body, photos, onProgress }).unwrap();
            toast.success('Message sent. The Karta team will answer here.');
            void navigate(paths.dashboard.conversation.getHref(sent.conversation.id));
          }}
        />
      </section>
    </div>
  );
}
