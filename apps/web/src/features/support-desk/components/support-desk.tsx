import type { SupportQueueItem, SupportStatus } from '@karta/shared/schemas/support';
import { Link, useSearchParams } from 'react-router';
import { AddressPagination } from '../../../components/history/address-pagination';
import { ConsoleTabs } from '../../../components/ui/console-tabs';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { consolePaths } from '../../../config/console-paths';
import { formatLagosDateTime } from '../../../lib/format-date';
import { readPage, readTab, type ListTab } from '../../../lib/list-query';
import { useGetSupportQueueQuery } from '../api';
import { waitedWords } from '../support-desk-words';

const TABS = [
  { value: 'open', label: 'Waiting for us' },
  { value: 'waiting_for_seller', label: 'Waiting for the seller' },
  { value: 'resolved', label: 'Resolved' },
] as const satisfies readonly ListTab<SupportStatus>[];

/** New messages arrive while an operator works: the waiting queue looks again every 30 s. */
const OPEN_POLL_MS = 30_000;

const tabHref = (status: SupportStatus, page = 1) =>
  consolePaths.support.getHref({ status: status === 'open' ? undefined : status, page });

function QueueRow({ item }: { item: SupportQueueItem }) {
  return (
    <li className="border-b border-line last:border-b-0">
      <Link
        to={consolePaths.supportConversation.getHref(item.id)}
        className="flex flex-col gap-1 px-4 py-3 hover:bg-brand/5 md:flex-row md:items-center md:justify-between"
      >
        <span className="min-w-0">
          <span className="block font-semibold break-words text-ink">
            {item.seller.first_name} {item.seller.last_name}
            {item.trade ? ` · Trade ${item.trade.reference}` : ' · General'}
          </span>
          <span className="line-clamp-2 block text-sm break-words text-slate">
            {item.last_message_preview || 'Photos'}
          </span>
        </span>
        <span className="shrink-0 text-sm text-slate md:text-right">
          <span className="block">
            {item.waiting_minutes !== null
              ? waitedWords(item.waiting_minutes)
              : `Last message ${formatLagosDateTime(item.last_message_at)}`}
          </span>
          {item.claim && (
            <span className="block font-semibold text-processing">
              {item.claim.by_name} is answering
            </span>
          )}
        </span>
      </Link>
    </li>
  );
}

/**
 * The support desk (decision 070): conversations waiting for an answer, the seller who waited
 * longest first, with their trade; or those waiting for the seller, or resolved. The tab and page
 * live in the address.
 */
export function SupportDesk() {
  const [searchParams] = useSearchParams();
  const tab = readTab(TABS, searchParams.get('status'), 'open');
  const page = readPage(searchParams.get('page'));
  const { currentData, isError, isFetching, refetch } = useGetSupportQueueQuery(
    { status: tab, page },
    {
      pollingInterval: tab === 'open' ? OPEN_POLL_MS : 0,
      skipPollingIfUnfocused: true,
      refetchOnMountOrArgChange: true,
    },
  );

  const body = () => {
    if (currentData === undefined && isError) {
      return (
        <LoadError
          message="We could not load the conversations."
          onRetry={() => void refetch()}
          isRetrying={isFetching}
        />
      );
    }
    if (currentData === undefined) return <ListSkeleton label="Loading conversations" />;
    if (currentData.meta.total === 0) {
      return (
        <EmptyState title="Nothing here">
          <p className="mt-2 text-slate">
            {tab === 'open'
              ? 'No seller is waiting for an answer. New messages appear here as they arrive.'
              : 'No conversations in this state.'}
          </p>
        </EmptyState>
      );
    }
    return (
      <>
        <ul aria-label="Conversations" className="rounded-[12px] border border-line bg-white">
          {currentData.data.map((item) => (
            <QueueRow key={item.id} item={item} />
          ))}
        </ul>
        <AddressPagination
          label="Conversation pages"
          page={page}
          totalPages={currentData.meta.totalPages}
          hrefOf={(next) => tabHref(tab, next)}
        />
      </>
    );
  };

  return (
    <div className="flex flex-col gap-5">
      <div>
        <h1 className="text-2xl font-bold text-ink md:text-3xl">Support desk</h1>
        <p className="mt-1 text-slate">
          {tab === 'open'
            ? 'Oldest waiting first: the seller who waited longest is next. Claim a conversation while you answer it.'
            : 'Oldest first.'}
        </p>
      </div>
      <ConsoleTabs label="Conversation status" tabs={TABS} current={tab} hrefOf={tabHref} />
      <section aria-label="Conversations list" aria-busy={currentData === undefined || undefined}>
        {body()}
      </section>
    </div>
  );
}
