import { AUDIT_COUNT_CAP } from '@karta/shared/schemas/audit-trail';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Pagination } from '../../../components/history/pagination';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { PagedRows } from '../../../components/ui/paged-rows';
import { getErrorMessage, isQueryError } from '../../../lib/api-error';
import { selectUser } from '../../../lib/session/auth-slice';
import { useAppSelector } from '../../../lib/store/hooks';
import { useGetAuditTrailQuery } from '../api';
import { auditHref, hasAuditFilters, readAuditFilters, readAuditPage } from '../audit-filters';
import { AuditFilterForm } from './audit-filter-form';
import { AuditRow } from './audit-row';

/** Operators reach the address too (a bookmark, a shared link): say why there is nothing here. */
function AdminsOnly() {
  return (
    <EmptyState title="Only admins read the audit trail">
      <p className="mt-2 text-slate">
        Each trade, payout and seller page shows its own history. Ask an admin if you need more.
      </p>
    </EmptyState>
  );
}

function Trail() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const key = searchParams.toString();
  // One object per address, so the form resets only when the address changes.
  const filters = useMemo(() => readAuditFilters(new URLSearchParams(key)), [key]);
  const page = readAuditPage(searchParams);
  const { currentData, error, isError, isFetching, refetch } = useGetAuditTrailQuery(
    { ...filters, page },
    { refetchOnMountOrArgChange: true },
  );
  const isFiltered = hasAuditFilters(filters);

  const body = () => {
    if (currentData === undefined && isError) {
      // A refused filter (a bad day, too broad an e-mail) says why; anything else offers a retry.
      const reason =
        isQueryError(error) && Number(error.status) === 400 ? getErrorMessage(error) : null;
      return (
        <LoadError
          message={reason ?? 'We could not load the audit trail.'}
          onRetry={() => void refetch()}
          isRetrying={isFetching}
        />
      );
    }
    if (currentData === undefined) return <ListSkeleton label="Loading the audit trail" />;
    const { total, totalPages, size } = currentData.meta;
    if (total === 0) {
      return (
        <EmptyState title={isFiltered ? 'Nothing matches these filters' : 'Nothing audited yet'}>
          <p className="mt-2 text-slate">
            {isFiltered
              ? 'Try fewer filters or a wider range of days. An e-mail matches from its start.'
              : 'Every change an operator or admin makes will be listed here.'}
          </p>
        </EmptyState>
      );
    }
    return (
      <>
        {currentData.is_capped && (
          <p className="rounded-[12px] bg-pending-bg p-3 text-sm text-pending">
            More than {AUDIT_COUNT_CAP.toLocaleString('en-NG')} entries match: the newest{' '}
            {AUDIT_COUNT_CAP.toLocaleString('en-NG')} are listed. Narrow the filters or the days to
            reach older ones.
          </p>
        )}
        <PagedRows
          page={page}
          pageSize={size}
          total={total}
          noun="entries"
          label="Audit entries"
          firstPageHref={auditHref(filters)}
          paging={
            <Pagination
              label="Audit trail pages"
              page={page}
              totalPages={totalPages}
              onPageChange={(next) => {
                void navigate(auditHref(filters, next));
              }}
            />
          }
          rows={currentData.data.map((entry) => (
            <AuditRow key={entry.id} entry={entry} />
          ))}
        />
      </>
    );
  };

  return (
    <>
      <AuditFilterForm filters={filters} />
      <section
        aria-label="Audit entries"
        aria-busy={currentData === undefined || undefined}
        className="flex flex-col gap-3"
      >
        {body()}
      </section>
    </>
  );
}

/** `/console/audit` (decision 028): every audited action, newest first, fifty a page. */
export function AuditTrail() {
  const me = useAppSelector(selectUser);
  return (
    <div className="flex flex-col gap-5">
      <div>
        <h1 className="text-2xl font-bold text-ink md:text-3xl">Audit trail</h1>
        <p className="mt-1 text-slate">
          Who changed what, newest first, with what it was before and after. Times are Lagos time.
        </p>
      </div>
      {me?.role === 'admin' ? <Trail /> : <AdminsOnly />}
    </div>
  );
}
