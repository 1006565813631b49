/**
 * The one CSV writer of Karta (decision 054): RFC 4180 (comma, CRLF, a cell quoted when it holds
 * a comma, a quote or a line break, quotes doubled), safe to open in a spreadsheet.
 *
 * A cell is text or a number, and the writer is told which. A spreadsheet runs a text cell that
 * starts with = + - @, a tab or a carriage return as a formula (OWASP "CSV injection"), so such
 * a cell is written after an apostrophe and quoted: `'=HYPERLINK(...)` shows as text. A number
 * (`csvNumber`) is written bare, so "-1500.00" stays a negative number a column can sum; only
 * digits with an optional minus and decimals are accepted as one, and none of those is a formula.
 */

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** A number cell: written bare, read by a spreadsheet as the number it is. */
class CsvNumber {
  readonly digits: string;
  constructor(value: number | bigint | string) {
    const digits = String(value);
    // A programming error, never user input: text goes in a text cell.
    if (!PLAIN_NUMBER.test(digits)) throw new RangeError(`not a plain number: ${digits}`);
    this.digits = digits;
  }
}

/** 12, 150.5, 3n or "-1500.00" as a number cell. */
export const csvNumber = (value: number | bigint | string) => new CsvNumber(value);

export type CsvCell = string | CsvNumber;

function textCell(text: string): string {
  if (FORMULA_START.test(text)) return `"'${text.replaceAll('"', '""')}"`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const cellText = (cell: CsvCell) => (cell instanceof CsvNumber ? cell.digits : textCell(cell));

/** Rows of cells (the header first) as CSV text, each line ended by CRLF. */
export const toCsv = (rows: readonly (readonly CsvCell[])[]): string =>
  rows.map((cells) => cells.map(cellText).join(',') + '\r\n').join('');

/**
 * A text cell as `toCsv` wrote it, read back: the apostrophe it put before a formula character
 * taken off, so a sheet exported and pasted again names the same things.
 */
export const readCsvText = (text: string): string =>
  /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
