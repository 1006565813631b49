/**
 * The rows of a data table written as text. Its first line names the columns and is not a row;
 * then one row a line, its cells apart by two or more spaces, so that a cell may hold single
 * spaces ("First Bank of Nigeria"). Blank lines are skipped; indentation is for the reader.
 */
export const textTableRows = (table: string): string[][] =>
  table
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .slice(1)
    .map((line) => line.split(/ {2,}/));
