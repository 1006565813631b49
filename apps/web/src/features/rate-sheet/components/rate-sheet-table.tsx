import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { useMediaQuery } from '../../../lib/use-media-query';
import { readRateText } from '@karta/shared/rate-sheet';
import type { RateSheetRow } from '@karta/shared/schemas/rate-sheet';
import { formatLagosDateTime } from '../../../lib/format-date';
import { formatCardAmount } from '../../../lib/format-money';
import type { RateDraft } from '../rate-draft';
import { RateSparkline } from './rate-sparkline';

const ROW_HEIGHT = 64;
/** Below 1024 px a row is a card; its height follows the names, and each is measured once drawn. */
const CARD_HEIGHT = 190;
const WIDE_QUERY = '(min-width: 1024px)';
/** Ask for the next page this many rows before the end, so scrolling rarely waits. */
const PREFETCH_ROWS = 20;
const COLUMNS =
  'grid grid-cols-[minmax(9rem,1.2fr)_minmax(8rem,1fr)_4rem_8rem_7rem_5rem_minmax(9rem,1fr)_7rem] items-center gap-3 px-3';
/**
 * The card of a small screen: the whole card and subcategory names (they wrap, never cut), then
 * the rate's input across the card with its currency, then the amounts, the state, the last
 * change and the 30 days. Each cell keeps its place in the table's order for screen readers.
 */
const CARD = 'grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 px-3 py-3';
const CARD_CELLS = {
  card: 'col-span-2 font-semibold text-ink wrap-anywhere',
  name: 'col-span-2 text-ink wrap-anywhere',
  currency: 'col-start-2 row-start-3 text-slate',
  rate: 'col-start-1 row-start-3 mt-1',
  amounts: 'col-start-1 row-start-4 text-sm text-slate',
  active: 'col-start-2 row-start-4 text-sm',
  changed: 'col-start-1 row-start-5 text-sm text-slate',
  sparkline: 'col-start-2 row-start-5',
} as const;
const TABLE_CELLS = {
  card: 'truncate font-medium text-ink',
  name: 'truncate text-ink',
  currency: 'text-slate',
  rate: '',
  amounts: 'text-sm text-slate',
  active: 'text-sm',
  changed: 'text-sm text-slate',
  sparkline: '',
} as const;
const COLUMN_TITLES = [
  'Card',
  'Subcategory',
  'Currency',
  'Rate (₦)',
  'Amounts',
  'Active',
  'Last changed',
  '30 days',
];

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
 * would otherwise be 10,000 inputs), and asks for the next page as the end comes near. Below
 * 1024 px each row is a card with the whole name and the rate's input on screen (decision 071):
 * a table eight columns wide put the inputs off screen and cut the names.
 */
export function RateSheetTable(props: RateSheetTableProps) {
  const { rows, total, draft, onRateChange, hasMore, isLoadingMore, onLoadMore } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const isWide = useMediaQuery(WIDE_QUERY, true);
  const cells = isWide ? TABLE_CELLS : CARD_CELLS;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => (isWide ? ROW_HEIGHT : CARD_HEIGHT),
    overscan: isWide ? 8 : 4,
  });
  // The rows drawn so far were sized for the other layout.
  useEffect(() => {
    virtualizer.measure();
  }, [isWide, virtualizer]);
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
      <div className={isWide ? 'min-w-[64rem]' : ''}>
        {/* The cards name what they show: the column titles stay for screen readers only. */}
        <div role="rowgroup" className={isWide ? 'border-b border-line bg-mist/60' : 'sr-only'}>
          <div
            role="row"
            aria-rowindex={1}
            className={`${COLUMNS} py-2 text-sm font-semibold text-slate`}
          >
            {COLUMN_TITLES.map((title) => (
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
                  data-index={item.index}
                  // A card's height follows its names: measured once drawn.
                  ref={isWide ? undefined : virtualizer.measureElement}
                  className={`${isWide ? COLUMNS : CARD} absolute inset-x-0 border-b border-line ${edit ? 'bg-brand/5' : ''}`}
                  style={{
                    height: isWide ? ROW_HEIGHT : undefined,
                    transform: `translateY(${String(item.start)}px)`,
                  }}
                >
                  <span role="cell" className={cells.card}>
                    {row.card_name}
                  </span>
                  <span role="cell" className={cells.name}>
                    {row.name}
                  </span>
                  <span role="cell" className={cells.currency}>
                    {row.currency}
                  </span>
                  <span role="cell" className={cells.rate}>
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
                  <span role="cell" className={cells.amounts}>
                    {formatCardAmount(row.min_amount, row.currency)}–
                    {formatCardAmount(row.max_amount, row.currency)}
                  </span>
                  <span role="cell" className={cells.active}>
                    {row.active ? 'Active' : 'Inactive'}
                  </span>
                  <span role="cell" className={cells.changed}>
                    {/* A card has no column title above it: it says what the date is. */}
                    {row.last_change
                      ? `${isWide ? '' : 'Changed '}${formatLagosDateTime(row.last_change.at)} · ${row.last_change.by ?? 'Karta'}`
                      : isWide
                        ? 'Never'
                        : 'Never changed'}
                  </span>
                  <span role="cell" className={cells.sparkline}>
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
