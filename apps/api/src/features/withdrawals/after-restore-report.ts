import { formatKoboAsNaira, formatKoboForPeople } from '@karta/shared/money';
import { RESTORE_MARGIN_MS, type AfterRestoreReport } from './after-restore.service';

/** What the restored database says of a transfer's withdrawal, in one word or two. */
const restoredWords = (ahead: AfterRestoreReport['ahead'][number]) =>
  ahead.restored === null
    ? 'missing'
    : `${ahead.restored.status}${ahead.restored.reversed ? ' (reversed)' : ''}`;

const HEADINGS = ['reference', 'amount (₦)', 'provider', 'created at', 'restored db', 'finding'];

/** A plain-text table an operator reads in a terminal, then the one-line summary. */
export function formatAfterRestoreTable(report: AfterRestoreReport, provider: string): string {
  const rows = report.ahead.map((ahead) => [
    ahead.reference,
    formatKoboForPeople(ahead.amountKobo).replace('₦', ''),
    ahead.providerStatus,
    ahead.createdAt.toISOString(),
    restoredWords(ahead),
    ahead.finding,
  ]);
  const widths = HEADINGS.map((heading, column) =>
    Math.max(heading.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  const table = rows.length > 0 ? [line(HEADINGS), ...rows.map(line), ''] : [];
  return [...table, summaryOf(report, provider)].join('\n');
}

/** One line: how many transfers were checked, and how many (and how much) are ahead. */
function summaryOf(report: AfterRestoreReport, provider: string): string {
  const window = `${provider} transfers since ${report.listedFrom.toISOString()} (${String(RESTORE_MARGIN_MS / 60_000)} minutes before ${report.since.toISOString()})`;
  const unpaid =
    report.missingUnpaid > 0
      ? ` ${String(report.missingUnpaid)} failed or came back with no withdrawal: nothing was paid.`
      : '';
  if (report.ahead.length === 0) {
    return `Nothing ahead: the restored database accounts for all ${String(report.checked)} ${window}.${unpaid}`;
  }
  const total = report.ahead.reduce((sum, ahead) => sum + ahead.amountKobo, 0n);
  return `${String(report.ahead.length)} of ${String(report.checked)} ${window} are ahead of the restored database (${formatKoboForPeople(total)}): reconcile each by hand (docs/deploy.md) before its seller withdraws the money again.${unpaid}`;
}

/** The same as JSON, for a script: amounts in kobo as strings (exact) and in naira. */
export function afterRestoreJson(
  report: AfterRestoreReport,
  provider: string,
  restoredUrl: string,
) {
  return {
    provider,
    restored: restoredUrl,
    since: report.since.toISOString(),
    listed_from: report.listedFrom.toISOString(),
    listed_to: report.listedTo.toISOString(),
    checked: report.checked,
    not_karta: report.notKarta,
    missing_unpaid: report.missingUnpaid,
    ahead: report.ahead.map((ahead) => ({
      reference: ahead.reference,
      amount_kobo: ahead.amountKobo.toString(),
      amount_naira: formatKoboAsNaira(ahead.amountKobo),
      provider_status: ahead.providerStatus,
      provider_reason: ahead.providerReason,
      created_at: ahead.createdAt.toISOString(),
      restored_status: ahead.restored?.status ?? null,
      restored_reversed: ahead.restored?.reversed ?? null,
      finding: ahead.finding,
    })),
    summary: summaryOf(report, provider),
  };
}
