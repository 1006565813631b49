import { expect } from 'vitest';

/** RFC 4180 as a spreadsheet reads it: quoted cells may hold commas, quotes and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let isQuoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charAt(i);
    if (isQuoted) {
      if (char === '"' && text.charAt(i + 1) === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') isQuoted = false;
      else cell += char;
    } else if (char === '"') isQuoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text.charAt(i + 1) === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += char;
  }
  expect(cell === '' && row.length === 0, 'the CSV ends with a complete line').toBe(true);
  return rows;
}

/** What a spreadsheet runs as a formula (OWASP "CSV injection"): a cell starting with these. */
export const FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r'] as const;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * The cells of a CSV a spreadsheet would run: those that start with a formula character and
 * are not a plain number ("-1500.00" is read as the number it is). Empty for a safe file.
 */
export function formulaCells(text: string): string[] {
  return parseCsv(text.replace(/^\uFEFF/, ''))
    .flat()
    .filter((cell) => FORMULA_STARTS.some((start) => cell.startsWith(start)))
    .filter((cell) => !PLAIN_NUMBER.test(cell));
}
