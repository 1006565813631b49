import { csvNumber, toCsv } from '@karta/shared/csv';
import { formatKoboAsNaira } from '@karta/shared/money';
import { formatLagosStamp } from '../../lib/lagos-time';
import type { MonthStatement } from './statement.service';

const HEADER = [
  'date_time_lagos',
  'description',
  'reference',
  'money_in_naira',
  'money_out_naira',
  'balance_naira',
];

/** Marks the text as UTF-8 for spreadsheets that guess otherwise (descriptions may hold ₦ or •). */
const BYTE_ORDER_MARK = '\uFEFF';

/**
 * A month's statement as CSV (decision 042): a header, an "Opening balance" row at the month's
 * first instant, one row per wallet posting (money in or money out, naira with two decimals,
 * and the running balance), and a "Closing balance" row when the statement closes. The two
 * balance rows leave the money columns empty, so a column's sum is the month's total.
 */
export function statementCsv(statement: MonthStatement): string {
  const naira = (kobo: bigint) => csvNumber(formatKoboAsNaira(kobo));
  const lines = statement.lines.map((line) => [
    formatLagosStamp(line.at),
    line.description,
    line.reference ?? '',
    line.amountKobo > 0n ? naira(line.amountKobo) : '',
    line.amountKobo < 0n ? naira(-line.amountKobo) : '',
    naira(line.balanceKobo),
  ]);
  return (
    BYTE_ORDER_MARK +
    toCsv([
      HEADER,
      [
        formatLagosStamp(statement.from),
        'Opening balance',
        '',
        '',
        '',
        naira(statement.openingKobo),
      ],
      ...lines,
      [
        formatLagosStamp(statement.closedAt),
        'Closing balance',
        '',
        '',
        '',
        naira(statement.closingKobo),
      ],
    ])
  );
}
