import { describe, expect, it } from 'vitest';
import { formatKoboAsNaira } from '@karta/shared/money';
import { countPdfPages, readPdfText } from '../../../test/pdf-text';
import { ROWS_PER_PAGE, statementPdf, toWinAnsi } from './statement-pdf';
import type { MonthStatement, StatementLine } from './statement.service';

const from = new Date('2026-10-31T23:00:00Z');

/** A month with `count` lines of ₦1,000.50 in, each with its running balance. */
function monthWith(count: number): MonthStatement {
  const lines: StatementLine[] = Array.from({ length: count }, (_, index) => ({
    at: new Date(from.getTime() + (index + 1) * 3_600_000),
    description: `Trade TRX-${String(index + 1).padStart(4, '0')} approved: 100 USD`,
    reference: `TRX-${String(index + 1).padStart(4, '0')}`,
    amountKobo: 100_050n,
    balanceKobo: 100_050n * BigInt(index + 1),
  }));
  const total = 100_050n * BigInt(count);
  return {
    month: '2026-11',
    from,
    closedAt: new Date('2026-11-30T22:59:59Z'),
    isCurrentMonth: false,
    madeAt: new Date('2026-12-02T08:00:00Z'),
    seller: { name: 'Chidinma Eze', email: 'ch***@example.com', mobile: '+234 ••• ••• 5678' },
    openingKobo: 0n,
    moneyInKobo: total,
    moneyOutKobo: 0n,
    closingKobo: total,
    heldAtCloseKobo: 0n,
    lines,
  };
}

/** "NGN 1,250,000.00" from kobo, grouped by text. */
const ngn = (kobo: bigint) =>
  `NGN ${formatKoboAsNaira(kobo).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

const render = (statement: MonthStatement) =>
  statementPdf(statement, { supportEmail: 'support@karta.example' });

describe('the statement PDF', () => {
  it('shows every line when they fit, on one page', async () => {
    const bytes = await render(monthWith(ROWS_PER_PAGE));
    expect(countPdfPages(bytes)).toBe(1);
    const text = readPdfText(bytes);
    expect(text).toContain(`TRX-${String(ROWS_PER_PAGE).padStart(4, '0')}`);
    expect(text).not.toContain('in the CSV statement');
    expect(text).toContain('November 2026');
    expect(text).toContain(`Closing balance\n${ngn(100_050n * BigInt(ROWS_PER_PAGE))}`);
  });

  it('prints a refund line whole: the reference below, the words not cut', async () => {
    const reference = `wd_${'3f9a'.repeat(8)}`;
    const month = monthWith(2);
    const [first] = month.lines;
    if (!first) throw new Error('no line');
    month.lines[1] = {
      ...first,
      description: `Withdrawal ${reference} failed: money returned`,
      reference,
    };
    const text = readPdfText(await render(month));
    expect(text).toContain('Withdrawal failed: money returned');
    expect(text).toContain(reference);
    expect(text).not.toContain('...');
  });

  it('stays on one page when they do not, and says how many are in the CSV', async () => {
    const count = ROWS_PER_PAGE + 40;
    const bytes = await render(monthWith(count));
    expect(countPdfPages(bytes)).toBe(1);
    const text = readPdfText(bytes);
    expect(text).toContain('41 more lines are in the CSV statement.');
    expect(text).toContain(`TRX-${String(ROWS_PER_PAGE - 1).padStart(4, '0')}`);
    expect(text).not.toContain(`TRX-${String(ROWS_PER_PAGE).padStart(4, '0')}`);
    // The totals are the month's, not the page's.
    expect(text).toContain(`Money in\n${ngn(100_050n * BigInt(count))}`);
  });

  it('prints what Helvetica cannot as text it can', () => {
    expect(toWinAnsi('Trade adjusted: ₦1,000.00 added')).toBe('Trade adjusted: NGN 1,000.00 added');
    expect(toWinAnsi('GTBank •••• 6322 – café 🎉')).toBe('GTBank •••• 6322 – café ?');
  });
});
