import { KYC_ID_TYPE_LABELS, type KycQueueItem } from '@karta/shared/schemas/kyc-documents';
import { Link, useSearchParams } from 'react-router';
import { AddressPagination } from '../../../components/history/address-pagination';
import { ConsoleTabs } from '../../../components/ui/console-tabs';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { consolePaths } from '../../../config/console-paths';
import { formatLagosDateTime } from '../../../lib/format-date';
import { readPage, readTab, type ListTab } from '../../../lib/list-query';
import { useGetKycQueueQuery, type KycQueueStatus } from '../api';
import { waitedWords } from '../kyc-desk-words';

const TABS = [
  { value: 'pending', label: 'Waiting' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
] as const satisfies readonly ListTab<KycQueueStatus>[];

/** New documents arrive while an operator works: the waiting queue looks again every 30 s. */
const PENDING_POLL_MS = 30_000;

const tabHref = (status: KycQueueStatus, page = 1) =>
  consolePaths.kyc.getHref({ status: status === 'pending' ? undefined : status, page });

function QueueRow({ item }: { item: KycQueueItem }) {
  return (
    <li className="border-b border-line last:border-b-0">
      <Link
        to={consolePaths.kycSubmission.getHref(item.id)}
        className="flex flex-col gap-1 px-4 py-3 hover:bg-brand/5 md:flex-row md:items-center md:justify-between"
      >
        <span className="min-w-0">
          <span className="block font-semibold break-words text-ink">
            {item.seller.first_name} {item.seller.last_name}
          </span>
          <span className="block text-sm break-all text-slate">{item.seller.email}</span>
        </span>
        <span className="text-sm text-slate md:text-right">
          <span className="block">
            {KYC_ID_TYPE_LABELS[item.id_type]} ·{' '}
            {item.seller.kyc_verified ? 'BVN verified' : 'BVN not verified'} · tier{' '}
            {item.seller.kyc_tier}
          </span>
          <span className="block">
            Sent {formatLagosDateTime(item.submitted_at)} ·{' '}
            {item.status === 'pending_review' ? waitedWords(item.waiting_minutes) : item.status}
          </span>
          {item.claim && (
            <span className="block font-semibold text-processing">
              {item.claim.by_name} is reviewing it
            </span>
          )}
        </span>
      </Link>
    </li>
  );
}

/**
 * The KYC desk (decision 066): waiting documents oldest first, with how long each has waited,
 * or the decided ones. The tab and page live in the address.
 */
export function KycQueue() {
  const [searchParams] = useSearchParams();
  const tab = readTab(TABS, searchParams.get('status'), 'pending');
  const page = readPage(searchParams.get('page'));
  const { currentData, isError, isFetching, refetch } = useGetKycQueueQuery(
    { status: tab, page },
    {
      pollingInterval: tab === 'pending' ? PENDING_POLL_MS : 0,
      skipPollingIfUnfocused: true,
      refetchOnMountOrArgChange: true,
    },
  );

  const body = () => {
    if (currentData === undefined && isError) {
      return (
        <LoadError
          message="We could not load the documents."
          onRetry={() => void refetch()}
          isRetrying={isFetching}
        />
      );
    }
    if (currentData === undefined) return <ListSkeleton label="Loading documents" />;
    if (currentData.meta.total === 0) {
      return (
        <EmptyState title="Nothing here">
          <p className="mt-2 text-slate">
            {tab === 'pending'
              ? 'No documents are waiting. New ones appear here as sellers send them.'
              : 'No documents have been decided this way yet.'}
          </p>
        </EmptyState>
      );
    }
    return (
      <>
        <ul aria-label="Documents" className="rounded-[12px] border border-line bg-white">
          {currentData.data.map((item) => (
            <QueueRow key={item.id} item={item} />
          ))}
        </ul>
        <AddressPagination
          label="Document pages"
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
        <h1 className="text-2xl font-bold text-ink md:text-3xl">KYC desk</h1>
        <p className="mt-1 text-slate">
          {tab === 'pending'
            ? 'Oldest first: the seller who waited longest is next. Approval raises them to tier 3.'
            : 'Oldest first.'}
        </p>
      </div>
      <ConsoleTabs label="Document status" tabs={TABS} current={tab} hrefOf={tabHref} />
      <section aria-label="Documents list" aria-busy={currentData === undefined || undefined}>
        {body()}
      </section>
    </div>
  );
}
