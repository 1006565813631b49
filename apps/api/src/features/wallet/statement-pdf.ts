import type PDFKitDocument from 'pdfkit';
import { formatMonthName } from '@karta/shared/dates';
import { formatKoboAsNaira } from '@karta/shared/money';
import { formatLagosDateTime } from '../../lib/lagos-time';
import type { MonthStatement, StatementLine } from './statement.service';

/**
 * A month's statement as a one-page A4 PDF (decision 042), in the standard Helvetica: nothing to
 * embed or license, and a file of a few kilobytes. Helvetica's encoding (WinAnsi) has no ₦, so
 * money reads "NGN 1,250,000.00", as bank statements write it. The lines that do not fit the
 * page are counted in a last line that sends the reader to the CSV statement.
 */

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const COLOURS = {
  brand: '#0B7A4B',
  deep: '#06492D',
  ink: '#0F172A',
  slate: '#475569',
  mist: '#F1F5F4',
  line: '#CBD5E1',
};
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';

/** Columns of the lines: the date, the description with its reference below, then the money. */
const COLUMNS = {
  date: { x: MARGIN, width: 82 },
  description: { x: MARGIN + 88, width: 199 },
  moneyIn: { x: MARGIN + 293, width: 70 },
  moneyOut: { x: MARGIN + 369, width: 70 },
  balance: { x: MARGIN + 445, width: 70 },
};
const ROW_HEIGHT = 22;
const TABLE_TOP = 234;
/** Where the footer begins: no line goes below it. */
const FOOTER_TOP = PAGE.height - MARGIN - 12;
/** How many rows fit between the table's header and the footer. */
export const ROWS_PER_PAGE = Math.floor((FOOTER_TOP - 8 - (TABLE_TOP + 18)) / ROW_HEIGHT);

/** "NGN 1,250,000.00" from kobo: grouped by text, never through floating point. */
function ngn(kobo: bigint): string {
  const [whole = '0', fraction = '00'] = formatKoboAsNaira(kobo < 0n ? -kobo : kobo).split('.');
  return `${kobo < 0n ? '-' : ''}NGN ${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

/** Anything but WinAnsi (Helvetica's encoding): Latin-1's printable range and its extras. */
const NOT_WIN_ANSI = /[^\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]/gu;

/**
 * Text Helvetica can print: ₦ becomes "NGN ", anything else outside WinAnsi a question mark
 * (a description is ours or a bank's name; an emoji would otherwise print as garbage).
 */
export const toWinAnsi = (text: string) => text.replace(/₦\s?/g, 'NGN ').replace(NOT_WIN_ANSI, '?');

type Doc = PDFKit.PDFDocument;

/**
 * Writes one line of text at (x, y), never wrapping, never adding a page. Too wide, words are cut
 * with "..."; money (`isMoney`) is never cut: it is set smaller until it fits.
 */
function put(
  doc: Doc,
  text: string,
  at: { x: number; y: number; width: number },
  style: {
    font?: string;
    size: number;
    colour?: string;
    align?: 'left' | 'right';
    isMoney?: boolean;
  },
) {
  doc
    .font(style.font ?? FONT)
    .fontSize(style.size)
    .fillColor(style.colour ?? COLOURS.ink);
  let fitted = toWinAnsi(text);
  if (style.isMoney) {
    for (let size = style.size; doc.widthOfString(fitted) > at.width && size > 4; size -= 0.5) {
      doc.fontSize(size - 0.5);
    }
  } else if (doc.widthOfString(fitted) > at.width) {
    while (fitted.length > 0 && doc.widthOfString(`${fitted}...`) > at.width) {
      fitted = fitted.slice(0, -1);
    }
    fitted = `${fitted.trimEnd()}...`;
  }
  doc.text(fitted, at.x, at.y, {
    width: at.width,
    align: style.align ?? 'left',
    lineBreak: false,
  });
}

function drawHeader(doc: Doc, statement: MonthStatement, supportEmail: string) {
  put(
    doc,
    'karta',
    { x: MARGIN, y: MARGIN, width: 150 },
    { font: BOLD, size: 24, colour: COLOURS.brand },
  );
  put(
    doc,
    'Wallet statement',
    { x: MARGIN + 150, y: MARGIN + 2, width: CONTENT_WIDTH - 150 },
    { font: BOLD, size: 16, align: 'right' },
  );
  const period = `${formatLagosDateTime(statement.from)} to ${formatLagosDateTime(statement.closedAt)}${statement.isCurrentMonth ? ' (month so far)' : ''}`;
  put(
    doc,
    formatMonthName(statement.month),
    { x: MARGIN + 150, y: MARGIN + 22, width: CONTENT_WIDTH - 150 },
    { font: BOLD, size: 10, colour: COLOURS.deep, align: 'right' },
  );
  put(
    doc,
    `${period}, Lagos time`,
    { x: MARGIN + 150, y: MARGIN + 35, width: CONTENT_WIDTH - 150 },
    { size: 8, colour: COLOURS.slate, align: 'right' },
  );
  put(
    doc,
    `Gift cards to naira. ${supportEmail}`,
    { x: MARGIN, y: MARGIN + 30, width: 200 },
    { size: 8, colour: COLOURS.slate },
  );
  doc
    .moveTo(MARGIN, MARGIN + 54)
    .lineTo(PAGE.width - MARGIN, MARGIN + 54)
    .lineWidth(1)
    .strokeColor(COLOURS.line)
    .stroke();

  const { seller } = statement;
  put(doc, seller.name, { x: MARGIN, y: MARGIN + 66, width: 300 }, { font: BOLD, size: 12 });
  put(
    doc,
    [`Email ${seller.email}`, seller.mobile && `Phone ${seller.mobile}`]
      .filter(Boolean)
      .join('   '),
    { x: MARGIN, y: MARGIN + 82, width: 320 },
    { size: 9, colour: COLOURS.slate },
  );
  put(
    doc,
    `Made ${formatLagosDateTime(statement.madeAt)}, Lagos time`,
    { x: MARGIN + 320, y: MARGIN + 82, width: CONTENT_WIDTH - 320 },
    { size: 8, colour: COLOURS.slate, align: 'right' },
  );
}

function drawSummary(doc: Doc, statement: MonthStatement) {
  const boxes: [string, bigint][] = [
    ['Opening balance', statement.openingKobo],
    ['Money in', statement.moneyInKobo],
    ['Money out', statement.moneyOutKobo],
    ['Closing balance', statement.closingKobo],
  ];
  const gap = 8;
  const width = (CONTENT_WIDTH - gap * (boxes.length - 1)) / boxes.length;
  const top = MARGIN + 104;
  boxes.forEach(([label, kobo], index) => {
    const x = MARGIN + index * (width + gap);
    const isClosing = index === boxes.length - 1;
    doc.roundedRect(x, top, width, 44, 6).fill(isClosing ? COLOURS.deep : COLOURS.mist);
    put(
      doc,
      label,
      { x: x + 8, y: top + 8, width: width - 16 },
      { size: 8, colour: isClosing ? '#FFFFFF' : COLOURS.slate },
    );
    put(
      doc,
      ngn(kobo),
      { x: x + 8, y: top + 23, width: width - 16 },
      { font: BOLD, size: 10.5, colour: isClosing ? '#FFFFFF' : COLOURS.ink, isMoney: true },
    );
  });
  const held =
    statement.heldAtCloseKobo > 0n
      ? `${ngn(statement.heldAtCloseKobo)} was on its way to your bank when this statement closed: it is not in these balances.`
      : 'No withdrawal was on its way to your bank when this statement closed.';
  put(
    doc,
    'A withdrawal leaves the wallet as money out when you ask for it; if it fails, it comes back as money in.',
    { x: MARGIN, y: top + 54, width: CONTENT_WIDTH },
    { size: 8, colour: COLOURS.slate },
  );
  put(
    doc,
    held,
    { x: MARGIN, y: top + 66, width: CONTENT_WIDTH },
    { size: 8, colour: COLOURS.slate },
  );
}

function drawTableHeader(doc: Doc) {
  const y = TABLE_TOP;
  const style = { font: BOLD, size: 8, colour: COLOURS.slate };
  put(doc, 'Date (Lagos)', { ...COLUMNS.date, y }, style);
  put(doc, 'Description and reference', { ...COLUMNS.description, y }, style);
  put(doc, 'Money in', { ...COLUMNS.moneyIn, y }, { ...style, align: 'right' });
  put(doc, 'Money out', { ...COLUMNS.moneyOut, y }, { ...style, align: 'right' });
  put(doc, 'Balance', { ...COLUMNS.balance, y }, { ...style, align: 'right' });
  doc
    .moveTo(MARGIN, y + 13)
    .lineTo(PAGE.width - MARGIN, y + 13)
    .lineWidth(0.75)
    .strokeColor(COLOURS.ink)
    .stroke();
}

/** A money cell: the amount without "NGN" (the column says what it is), grouped. */
const amount = (kobo: bigint) => ngn(kobo).replace('NGN ', '');

/**
 * The description without the reference it repeats: the reference has its own line below, and a
 * withdrawal's 35-character `wd_…` pushed "failed: money returned" past the column's end, so
 * the refund line read "Withdrawal wd_3f9a... ".
 */
function descriptionOf(line: StatementLine): string {
  if (!line.reference || !line.description.includes(line.reference)) return line.description;
  return line.description
    .replace(line.reference, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

function drawLine(doc: Doc, line: StatementLine, y: number) {
  put(doc, formatLagosDateTime(line.at), { ...COLUMNS.date, y: y + 4 }, { size: 8 });
  put(doc, descriptionOf(line), { ...COLUMNS.description, y: y + 4 }, { size: 8 });
  if (line.reference) {
    put(
      doc,
      line.reference,
      { ...COLUMNS.description, y: y + 13 },
      { size: 6.5, colour: COLOURS.slate },
    );
  }
  const right = { size: 8, align: 'right' as const, isMoney: true };
  if (line.amountKobo > 0n) {
    put(
      doc,
      amount(line.amountKobo),
      { ...COLUMNS.moneyIn, y: y + 4 },
      { ...right, colour: COLOURS.brand },
    );
  } else {
    put(doc, amount(-line.amountKobo), { ...COLUMNS.moneyOut, y: y + 4 }, right);
  }
  put(doc, amount(line.balanceKobo), { ...COLUMNS.balance, y: y + 4 }, { ...right, font: BOLD });
  doc
    .moveTo(MARGIN, y + ROW_HEIGHT)
    .lineTo(PAGE.width - MARGIN, y + ROW_HEIGHT)
    .lineWidth(0.5)
    .strokeColor(COLOURS.line)
    .stroke();
}

function drawLines(doc: Doc, statement: MonthStatement) {
  drawTableHeader(doc);
  const top = TABLE_TOP + 18;
  if (statement.lines.length === 0) {
    put(
      doc,
      'No money moved in or out of the wallet this month.',
      { x: MARGIN, y: top + 6, width: CONTENT_WIDTH },
      { size: 9, colour: COLOURS.slate },
    );
    return;
  }
  const fits = statement.lines.length <= ROWS_PER_PAGE;
  const shown = fits ? statement.lines : statement.lines.slice(0, ROWS_PER_PAGE - 1);
  shown.forEach((line, index) => {
    drawLine(doc, line, top + index * ROW_HEIGHT);
  });
  if (!fits) {
    const more = statement.lines.length - shown.length;
    put(
      doc,
      `${String(more)} more ${more === 1 ? 'line is' : 'lines are'} in the CSV statement.`,
      { x: MARGIN, y: top + shown.length * ROW_HEIGHT + 7, width: CONTENT_WIDTH },
      { font: BOLD, size: 9, colour: COLOURS.deep },
    );
  }
}

let pdfKit: Promise<typeof PDFKitDocument> | undefined;

/** PDFKit (about 25 MB resident, with its fonts) on the first PDF statement (decision 045). */
function loadPdfKit(): Promise<typeof PDFKitDocument> {
  pdfKit ??= import('pdfkit').then((module) => module.default);
  return pdfKit;
}

/** The statement as PDF bytes, one A4 page. */
export async function statementPdf(
  statement: MonthStatement,
  options: { supportEmail: string },
): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `Karta wallet statement, ${formatMonthName(statement.month)}`,
      Author: 'Karta',
      CreationDate: statement.madeAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => {
      resolve(Buffer.concat(chunks));
    });
    doc.on('error', reject);
  });
  drawHeader(doc, statement, options.supportEmail);
  drawSummary(doc, statement);
  drawLines(doc, statement);
  put(
    doc,
    'Balances are those of your Karta naira wallet, read from our ledger. Keep this statement private.',
    { x: MARGIN, y: FOOTER_TOP, width: CONTENT_WIDTH - 60 },
    { size: 7, colour: COLOURS.slate },
  );
  put(
    doc,
    'Page 1 of 1',
    { x: PAGE.width - MARGIN - 60, y: FOOTER_TOP, width: 60 },
    { size: 7, colour: COLOURS.slate, align: 'right' },
  );
  doc.end();
  return done;
}
