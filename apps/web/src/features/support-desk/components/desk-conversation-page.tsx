import { CLAIM_HEARTBEAT_SECONDS } from '@karta/shared/constants';
import type { SupportConversation } from '@karta/shared/schemas/support';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { consolePaths } from '../../../config/console-paths';
import { selectUserId } from '../../../lib/session/auth-slice';
import { useAppSelector } from '../../../lib/store/hooks';
import { useGetDeskConversationQuery } from '../api';
import { useSupportClaim } from '../use-support-claim';
import { DeskConversation } from './desk-conversation';

const linkClass =
  'font-semibold text-brand underline-offset-4 hover:text-brand-deep hover:underline';

/** The conversation, claimed while this page shows it (decision 078). */
function HeldConversation({ conversation }: { conversation: SupportConversation }) {
  const operatorId = useAppSelector(selectUserId) ?? '';
  const deskClaim = useSupportClaim(conversation, operatorId);
  return <DeskConversation conversation={conversation} deskClaim={deskClaim} />;
}

/**
 * /console/support/:id: one conversation, fetched fresh each time it opens, and every heartbeat
 * while another operator holds it, to see their page go silent (decision 078).
 */
export function DeskConversationPage() {
  const { id = '' } = useParams();
  const operatorId = useAppSelector(selectUserId);
  const [isWatchingClaim, setIsWatchingClaim] = useState(false);
  const { currentData, error, isFetching, refetch } = useGetDeskConversationQuery(id, {
    skip: !id,
    refetchOnMountOrArgChange: true,
    refetchOnFocus: true,
    pollingInterval: isWatchingClaim ? CLAIM_HEARTBEAT_SECONDS * 1000 : 0,
  });
  const othersClaim = Boolean(currentData?.claim && currentData.claim.by_user_id !== operatorId);
  if (othersClaim !== isWatchingClaim) setIsWatchingClaim(othersClaim);
  const body = () => {
    if (currentData) return <HeldConversation conversation={currentData} />;
    if (error && 'status' in error && error.status === 404) {
      return <p className="text-slate">We could not find this conversation.</p>;
    }
    if (error && !isFetching) {
      return (
        <LoadError message="We could not load this conversation." onRetry={() => void refetch()} />
      );
    }
    return <ListSkeleton label="Loading the conversation" />;
  };
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5">
      <Link to={consolePaths.support.getHref()} className={`self-start ${linkClass}`}>
        ← Back to the support desk
      </Link>
      <h1 className="text-2xl font-bold text-ink md:text-3xl">
        {currentData?.trade ? `Trade ${currentData.trade.reference}` : 'Conversation'}
      </h1>
      <section aria-label="Conversation" className="rounded-[12px] bg-white p-4 md:p-6">
        {body()}
      </section>
    </div>
  );
}
