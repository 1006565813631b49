import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from './empty-state';

interface PagedRowsProps {
  /** The 1-based page shown and how many rows a full page holds. */
  page: number;
  pageSize: number;
  /** Rows in the whole list, on every page. */
  total: number;
  /** What a row is, plural ("trades"), and the list's name for screen readers. */
  noun: string;
  label: string;
  /** Where "Go to the first page" leads when this page has emptied. */
  firstPageHref: string;
  /** Why a page can empty while it is open ("Trades moved on while you were looking."). */
  emptyPageText?: string;
  /** The paging links under the list. */
  paging: ReactNode;
  /** One <li> per row. */
  rows: ReactNode[];
}

/**
 * One page of a console list: "Showing 21–40 of 57 trades", the rows and the paging links; or,
 * when the rows moved on while the page was open, a way back to the first page.
 */
export function PagedRows(props: PagedRowsProps) {
  const { page, pageSize, total, noun, rows } = props;
  if (rows.length === 0) {
    return (
      <EmptyState title="This page is empty now">
        {props.emptyPageText && <p className="mt-2 text-slate">{props.emptyPageText}</p>}
        <Link
          to={props.firstPageHref}
          className="mt-4 inline-flex min-h-11 items-center font-semibold text-brand underline"
        >
          Go to the first page
        </Link>
      </EmptyState>
    );
  }
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(first + rows.length - 1, total);
  return (
    <div className="flex flex-col gap-4">
      {/* Below 768 px the count goes under the rows, by the paging, so the first row is higher. */}
      <p aria-live="polite" className="text-sm text-slate max-md:order-last">
        Showing {first}–{last} of {total} {noun}
      </p>
      <ul aria-label={props.label} className="flex flex-col gap-3">
        {rows}
      </ul>
      {props.paging}
    </div>
  );
}
