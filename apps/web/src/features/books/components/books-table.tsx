import type { BooksDay } from '@karta/shared/schemas/books';
import { formatCardAmount, formatNaira } from '../../../lib/format-money';
import { formatDay } from '../lagos-days';
import { CsvDownloadButton } from './csv-download-button';

/** "3 · ₦2,100.00": how many, and how much. */
const countAndNaira = (n: number, naira: number) => `${String(n)} · ${formatNaira(naira)}`;

const faceValue = (day: BooksDay) =>
  day.face_value_approved.length === 0
    ? '—'
    : day.face_value_approved.map((f) => formatCardAmount(f.amount, f.currency)).join(', ');

const COLUMNS: [string, (day: BooksDay) => string][] = [
  ['Submitted', (d) => String(d.trades_submitted)],
  ['Approved', (d) => String(d.trades_approved)],
  ['Rejected', (d) => String(d.trades_rejected)],
  ['Face value approved', faceValue],
  ['Credited', (d) => formatNaira(d.credited)],
  ['Referral rewards', (d) => countAndNaira(d.referral_rewards, d.referral_rewards_amount)],
  [
    'Withdrawals requested (with fee)',
    (d) => countAndNaira(d.withdrawals_requested, d.withdrawals_requested_amount),
  ],
  ['Paid out', (d) => countAndNaira(d.withdrawals_paid, d.withdrawals_paid_amount)],
  [
    'Failed, returned (with fee)',
    (d) => countAndNaira(d.withdrawals_failed, d.withdrawals_failed_amount),
  ],
  ['Fees earned', (d) => formatNaira(d.fees_earned)],
  ['Float at end of day', (d) => formatNaira(d.float_end_of_day)],
];

/**
 * One row per Lagos day, newest first (yesterday and today on top), each with its own CSV.
 * Wide: on a phone it scrolls sideways with the day column held in place.
 */
export function BooksTable({ days }: { days: BooksDay[] }) {
  return (
    // `relative`: the cells' screen-reader-only text is absolutely placed, and without a
    // positioned scroller it escaped the clip and widened a phone's page to 1,246 px.
    <div
      className="relative overflow-x-auto rounded-[12px] border border-line bg-white"
      tabIndex={0}
    >
      <table className="w-full text-sm">
        <caption className="sr-only">The books per Lagos day, newest first</caption>
        <thead className="bg-mist text-left text-slate">
          <tr>
            <th scope="col" className="sticky left-0 bg-mist px-3 py-2">
              Day
            </th>
            {COLUMNS.map(([name]) => (
              <th key={name} scope="col" className="px-3 py-2 text-right font-semibold">
                {name}
              </th>
            ))}
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">Download</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {[...days].reverse().map((day) => (
            <tr key={day.day} className="border-t border-line">
              <th
                scope="row"
                className="sticky left-0 bg-white px-3 py-2 text-left font-semibold whitespace-nowrap text-ink"
              >
                {formatDay(day.day)}
              </th>
              {COLUMNS.map(([name, cell]) => (
                <td key={name} className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                  {cell(day)}
                </td>
              ))}
              <td className="px-3 py-1">
                <CsvDownloadButton
                  variant="ghost"
                  range={{ from: day.day, to: day.day }}
                  label={`Download CSV for ${formatDay(day.day)}`}
                >
                  CSV
                </CsvDownloadButton>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
