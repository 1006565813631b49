import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { formatLagosDateTime } from '../../lib/format-date';
import { getRecordDetailHref, type RecordRoutes } from '../../lib/record-links';
import { StatusBadge, type Status } from '../ui/status-badge';

interface RecordRowProps {
  routes: RecordRoutes;
  /** The reference the record's page is opened by. */
  id: string;
  status: Status;
  /** Shown instead of the status badge, when one badge does not say where the record stands. */
  badges?: ReactNode;
  createdAt: string;
  /** What the record is, in a line or two. */
  summary: ReactNode;
  /** Its money, at the row's end. */
  figures: ReactNode;
}

/** One record in a history list, opening its page: what, how much, where it stands, when. */
export function RecordRow({
  routes,
  id,
  status,
  badges,
  createdAt,
  summary,
  figures,
}: RecordRowProps) {
  const { pathname, search } = useLocation();
  return (
    <li>
      <Link
        to={getRecordDetailHref(routes, pathname, id)}
        // The record's "back" returns to this list with its filters and page.
        state={{ from: `${pathname}${search}` }}
        className="flex flex-col gap-2 rounded-[12px] border border-line bg-white p-4 hover:border-brand sm:flex-row sm:items-center sm:justify-between"
      >
        <div className="min-w-0">
          {summary}
          <p className="mt-1 text-sm text-slate">
            <time dateTime={createdAt}>{formatLagosDateTime(createdAt)}</time>
          </p>
        </div>
        <div className="flex items-center justify-between gap-3 sm:flex-col sm:items-end">
          <p className="text-right">{figures}</p>
          {badges ?? <StatusBadge status={status} />}
        </div>
      </Link>
    </li>
  );
}
