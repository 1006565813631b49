import { csvNumber, readCsvText, toCsv } from './csv';
import { formatKoboAsNaira, parseNairaToKobo } from './money';
import { MAX_RATE_NAIRA, NAIRA_PATTERN } from './schemas/catalog';
import type { RateSheetEntry } from './schemas/rate-sheet';

/**
 * The rate sheet as operators keep it in a spreadsheet: one line per subcategory, its name then
 * its rate. Subcategory names repeat across cards ("USA physical"), so a line names one as
 * "Card / Subcategory" or by its id; the export writes exactly what this module reads, so a
 * round trip changes nothing (docs/decisions/029-rate-sheet.md).
 */

const RATE_SHEET_HEADER = ['subcategory', 'rate'] as const;

/**
 * The paste dialog's example line: a subcategory of the demo catalog, typed as a person would
 * (a plain hyphen where the catalog has an en dash), so it is one that matches.
 */
export const RATE_SHEET_EXAMPLE_LINE = 'Amazon / USA physical $100-$500\t1180.00';

/** "Amazon" + "USA physical" → "Amazon / USA physical". */
export const rateSheetLabel = (cardName: string, subcategoryName: string) =>
  `${cardName} / ${subcategoryName}`;

/**
 * Hyphens, dashes and the minus sign ("$100-$500", "$100 – $500", "$100—$500"), with any spaces
 * around them: a spreadsheet or a keyboard types whichever it likes.
 */
const DASH_RUN = /\s*[-\u2010-\u2015\u2212]\s*/g;

/**
 * Labels are matched without regard to case, runs of spaces or the kind of dash (and the spaces
 * around it). The API's SQL does the same to the catalog's names (rate-sheet.repository.ts).
 */
export const normaliseRateSheetKey = (key: string) =>
  key.trim().replace(/\s+/g, ' ').replace(DASH_RUN, '-').toLowerCase();

export interface PastedRate {
  line: number;
  /** The subcategory as the line names it: a label or an id. */
  key: string;
  rateKobo: bigint;
  /** The line as pasted, to quote it back when it cannot be matched. */
  text: string;
}

export interface RateSheetProblem {
  line: number;
  text: string;
  reason: string;
}

/**
 * One CSV or TSV line into cells, untrimmed (an unquoted name may be rejoined at its commas);
 * quotes may wrap a cell, "" is a quote inside one.
 */
function splitCells(text: string, delimiter: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charAt(i);
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === delimiter) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}

/**
 * A rate as people write it, to kobo: "1180", "₦1,180.00", "NGN 1180.5" ("," groups thousands,
 * "." marks decimals, as BRAND writes money). Undefined unless above ₦0, at most 2 decimals.
 */
export function readRateText(text: string): bigint | undefined {
  const bare = text
    .trim()
    .replace(/^(₦|NGN)\s*/i, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  if (!NAIRA_PATTERN.test(bare)) return undefined;
  const kobo = parseNairaToKobo(bare);
  return kobo > 0n && kobo <= BigInt(MAX_RATE_NAIRA) * 100n ? kobo : undefined;
}

/**
 * The cells of an unquoted comma line split at the rate: "Steam, Inc / USA,1,180.00" is the name
 * "Steam, Inc / USA" and the rate "1,180.00". The rate is the longest tail that reads as one.
 */
function splitNameAndRate(cells: string[]): [string, string] {
  for (let start = 1; start < cells.length; start += 1) {
    const tail = cells.slice(start).join(',').trim();
    if (readRateText(tail) !== undefined) return [cells.slice(0, start).join(',').trim(), tail];
  }
  return [cells.slice(0, -1).join(',').trim(), cells[cells.length - 1]?.trim() ?? ''];
}

/** A first line whose rate cell is a column title ("Rate", "New rate (NGN)") is the header. */
const isHeader = (name: string, rate: string) =>
  normaliseRateSheetKey(name) === RATE_SHEET_HEADER[0] ||
  (readRateText(rate) === undefined && /rate|naira|price|ngn|₦/i.test(rate));

/**
 * Reads pasted rows (tab- or comma-separated, a header row optional, blank lines skipped) into
 * rates and the lines it could not read. Which subcategory a key names is `matchRateSheet`'s job.
 */
export function parseRateSheet(text: string): {
  rates: PastedRate[];
  problems: RateSheetProblem[];
} {
  const rates: PastedRate[] = [];
  const problems: RateSheetProblem[] = [];
  const lines = text.split(/\r\n|\n|\r/);
  let seenContent = false;
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    const delimiter = raw.includes('\t') ? '\t' : ',';
    // A trailing delimiter ("name,rate,") leaves an empty last cell, not a third column.
    const cells = splitCells(raw, delimiter).filter(
      (cell, i, all) => cell.trim() !== '' || i < all.length - 1,
    );
    const [name, rateText] =
      delimiter === ',' && cells.length > 2
        ? splitNameAndRate(cells)
        : [cells[0]?.trim() ?? '', cells[1]?.trim() ?? ''];
    const first = !seenContent;
    seenContent = true;
    if (first && isHeader(name, rateText)) return;
    const problem = (reason: string) => problems.push({ line, text: raw.trim(), reason });
    if (name === '') return problem('No subcategory named.');
    if (rateText === '') return problem('No rate given.');
    const rateKobo = readRateText(rateText);
    if (rateKobo === undefined) {
      return problem(`"${rateText}" is not a rate (above ₦0, at most 2 decimals).`);
    }
    rates.push({ line, key: readCsvText(name), rateKobo, text: raw.trim() });
  });
  return { rates, problems };
}

export interface RateSheetMatch {
  /** The new rate by subcategory id, each id once. */
  draft: Map<string, bigint>;
  problems: RateSheetProblem[];
}

/**
 * Pasted rates against the sheet's entries (those the API found for the keys): a key is an id
 * or a label. An unknown key, a label two entries share, and a second line for the same
 * subcategory are each listed as a problem; the rest fill the draft.
 */
export function matchRateSheet(rates: PastedRate[], entries: RateSheetEntry[]): RateSheetMatch {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const byLabel = new Map<string, RateSheetEntry[]>();
  for (const entry of entries) {
    const key = normaliseRateSheetKey(entry.label);
    byLabel.set(key, [...(byLabel.get(key) ?? []), entry]);
  }
  const draft = new Map<string, bigint>();
  const firstLine = new Map<string, number>();
  const problems: RateSheetProblem[] = [];
  for (const { line, key, rateKobo, text } of rates) {
    const problem = (reason: string) => problems.push({ line, text, reason });
    const found = byId.get(key.trim());
    const candidates = found ? [found] : (byLabel.get(normaliseRateSheetKey(key)) ?? []);
    const [entry] = candidates;
    if (!entry) {
      problem(`We could not find "${key}". Name it as "Card / Subcategory" or by its id.`);
      continue;
    }
    if (candidates.length > 1) {
      problem(`"${key}" names ${String(candidates.length)} subcategories; use the id instead.`);
      continue;
    }
    const earlier = firstLine.get(entry.id);
    if (earlier !== undefined) {
      problem(`Line ${String(earlier)} already sets this subcategory; this line was skipped.`);
      continue;
    }
    firstLine.set(entry.id, line);
    draft.set(entry.id, rateKobo);
  }
  return { draft, problems };
}

/**
 * The sheet as CSV: `subcategory,rate`, naira with two decimals, lines ending CRLF, through the
 * one CSV writer (a label a spreadsheet would run as a formula goes after an apostrophe, which
 * `parseRateSheet` takes off again).
 */
export function rateSheetCsv(entries: Pick<RateSheetEntry, 'label' | 'rate'>[]): string {
  const rows = entries.map(({ label, rate }) => [
    label,
    csvNumber(formatKoboAsNaira(parseNairaToKobo(rate))),
  ]);
  return toCsv([RATE_SHEET_HEADER, ...rows]);
}
