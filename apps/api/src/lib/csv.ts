/**
 * CSV as RFC 4180 writes it (comma, CRLF, a cell quoted when it holds a comma, a quote or a line
 * break, quotes doubled), safe to open in a spreadsheet: a text cell that starts with = + - @,
 * a tab or a carriage return would be read as a formula, so it gets a leading apostrophe
 * (OWASP's "CSV injection" advice). A plain number ("-150.00") is left as it is: a spreadsheet
 * reads it as the number it is, never as a formula.
 */

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

function csvCell(value: string): string {
  const defused = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(defused) ? `"${defused.replaceAll('"', '""')}"` : defused;
}

/** Rows of cells (the header first) as CSV text, each line ended by CRLF. */
export const toCsv = (rows: readonly (readonly string[])[]): string =>
  rows.map((cells) => cells.map(csvCell).join(',') + '\r\n').join('');
