import { Link, useParams } from 'react-router';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { consolePaths } from '../../../config/console-paths';
import { useGetDeskConversationQuery } from '../api';
import { DeskConversation } from './desk-conversation';

const linkClass =
  'font-semibold text-brand underline-offset-4 hover:text-brand-deep hover:underline';

/** /console/support/:id: one conversation, fetched fresh each time it opens. */
export function DeskConversationPage() {
  const { id = '' } = useParams();
  const { currentData, error, isFetching, refetch } = useGetDeskConversationQuery(id, {
    skip: !id,
    refetchOnMountOrArgChange: true,
    refetchOnFocus: true,
  });
  const body = () => {
    if (currentData) return <DeskConversation conversation={currentData} />;
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
