import type { ReactNode } from 'react';
import { Section } from './seller-section';

/** "10 newest of 42": each list on the page is its newest page only. */
const countLine = (shown: number, total: number, what: string) =>
  total > shown ? `The ${String(shown)} newest of ${String(total)} ${what}.` : undefined;

interface SellerRecordListProps<T extends { id: string }> {
  title: string;
  empty: string;
  /** What the rows are, for the count line: "trades", "entries". */
  what: string;
  /** The newest page of the list, as the seller profile carries it. */
  list: { data: T[]; meta: { total: number } };
  row: (record: T) => ReactNode;
  /** A last line under the rows, shown only when there are rows. */
  footer?: ReactNode;
}

/** One list of the seller's records: its newest page, a row each, or why it is empty. */
export function SellerRecordList<T extends { id: string }>({
  title,
  empty,
  what,
  list,
  row,
  footer,
}: SellerRecordListProps<T>) {
  const line = countLine(list.data.length, list.meta.total, what);
  return (
    <Section title={title}>
      {list.meta.total === 0 ? (
        <p className="text-slate">{empty}</p>
      ) : (
        <>
          {line && <p className="mb-2 text-sm text-slate">{line}</p>}
          <ul aria-label={title} className="flex flex-col divide-y divide-line">
            {list.data.map((record) => (
              <li key={record.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2">
                {row(record)}
              </li>
            ))}
            {footer}
          </ul>
        </>
      )}
    </Section>
  );
}
