import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { readRateText } from '@karta/shared/rate-sheet';
import type { RateSheetRow } from '@karta/shared/schemas/rate-sheet';
import { formatLagosDateTime } from '../../../lib/format-date';
import { formatCardAmount } from '../../../lib/format-money';
import type { RateDraft } from '../rate-draft';
import { RateSparkline } from './rate-sparkline';

const ROW_HEIGHT = 64;
/** Ask for the next page this many rows before the end, so scrolling rarely waits. */
const PREFETCH_ROWS = 20;
const COLUMNS =
  'grid grid-cols-[minmax(9rem,1.2fr)_minmax(8rem,1fr)_4rem_8rem_7rem_5rem_minmax(9rem,1fr)_7rem] items-center gap-3 px-3';

interface RateSheetTableProps {
  rows: RateSheetRow[];
  total: number;
  draft: RateDraft;
  onRateChange: (row: RateSheetRow, text: string) => void;
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
}

/**
 * Every subcategory in one scrolling table that draws only the rows on screen (10,000 rows
 * would otherwise be 10,000 inputs), and asks for the next page as the end comes near.
 */
export function RateSheetTable(props: RateSheetTableProps) {
  const { rows, total, draft, onRateChange, hasMore, isLoadingMore, onLoadMore } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const lastShown = items[items.length - 1]?.index ?? 0;
  useEffect(() => {
    if (hasMore && !isLoadingMore && lastShown >= rows.length - PREFETCH_ROWS) onLoadMore();
  }, [hasMore, isLoadingMore, lastShown, rows.length, onLoadMore]);

  return (
    <div
      role="table"
      aria-label="Rate sheet"
      aria-rowcount={total + 1}
      className="relative overflow-x-auto rounded-[12px] border border-line bg-white"
    >
      <div className="min-w-[64rem]">
        <div role="rowgroup" className="border-b border-line bg-mist/60">
          <div
            role="row"
            aria-rowindex={1}
            className={`${COLUMNS} py-2 text-sm font-semibold text-slate`}
          >
            {[
              'Card',
              'Subcategory',
              'Currency',
              'Rate (₦)',
              'Amounts',
              'Active',
              'Last changed',
              '30 days',
            ].map((title) => (
              <span role="columnheader" key={title}>
                {title}
              </span>
            ))}
          </div>
        </div>
        <div ref={scroller} role="rowgroup" className="h-[60vh] overflow-y-auto">
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {items.map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              const edit = draft.get(row.id);
              const text = edit?.text ?? String(row.rate);
              const isInvalid = edit !== undefined && readRateText(edit.text) === undefined;
              return (
                <div
                  role="row"
                  aria-rowindex={item.index + 2}
                  key={row.id}
                  className={`${COLUMNS} absolute inset-x-0 border-b border-line ${edit ? 'bg-brand/5' : ''}`}
                  style={{ height: ROW_HEIGHT, transform: `translateY(${String(item.start)}px)` }}
                >
                  <span role="cell" className="truncate font-medium text-ink">
                    {row.card_name}
                  </span>
                  <span role="cell" className="truncate text-ink">
                    {row.name}
                  </span>
                  <span role="cell" className="text-slate">
                    {row.currency}
                  </span>
                  <span role="cell">
                    <input
                      aria-label={`Rate for ${row.label}`}
                      aria-invalid={isInvalid}
                      inputMode="decimal"
                      value={text}
                      onChange={(event) => {
                        onRateChange(row, event.target.value);
                      }}
                      className={`min-h-11 w-full rounded-[8px] border px-2 text-right tabular-nums ${isInvalid ? 'border-rejected' : 'border-line'}`}
                    />
                  </span>
                  <span role="cell" className="text-sm text-slate">
                    {formatCardAmount(row.min_amount, row.currency)}–
                    {formatCardAmount(row.max_amount, row.currency)}
                  </span>
                  <span role="cell" className="text-sm">
                    {row.active ? 'Active' : 'Inactive'}
                  </span>
                  <span role="cell" className="text-sm text-slate">
                    {row.last_change
                      ? `${formatLagosDateTime(row.last_change.at)} · ${row.last_change.by ?? 'Karta'}`
                      : 'Never'}
                  </span>
                  <span role="cell">
                    <RateSparkline rates={row.closing_rates} />
                  </span>
                </div>
              );
            })}
          </div>
          {isLoadingMore && (
            <p role="status" className="p-3 text-center text-sm text-slate">
              Loading more rates...
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
