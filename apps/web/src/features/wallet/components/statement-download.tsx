import { useId, useState } from 'react';
import { addMonths, formatMonthName, getLagosMonth } from '@karta/shared/dates';
import type { StatementFormat } from '@karta/shared/schemas/wallet';
import { Button } from '../../../components/ui/button';
import { getErrorMessage, markShownInPlace } from '../../../lib/api-error';
import { useAppSelector } from '../../../lib/store/hooks';
import { selectUser } from '../../../lib/session/auth-slice';
import { useDownloadStatementMutation } from '../api';

/** How far back the picker goes: a year of statements. */
const MONTHS_OFFERED = 12;

/**
 * The last 12 Lagos months, this one first, none before the month the account was opened (the
 * API refuses those).
 */
function monthsToOffer(now: Date, openedAt: string | undefined): string[] {
  const current = getLagosMonth(now);
  const opened = openedAt ? getLagosMonth(new Date(openedAt)) : undefined;
  return Array.from({ length: MONTHS_OFFERED }, (_, index) => addMonths(current, -index)).filter(
    (month) => !opened || month >= opened,
  );
}

/**
 * A month of the wallet as a file (decision 042): the CSV with every line, or a one-page PDF
 * with the opening and closing balance. A failure is said here, under the buttons, not toasted.
 */
export function StatementDownload() {
  const user = useAppSelector(selectUser);
  const months = monthsToOffer(new Date(), user?.created_at);
  const [month, setMonth] = useState(months[0] ?? '');
  const [format, setFormat] = useState<StatementFormat | null>(null);
  const [error, setError] = useState('');
  const [saved, setSaved] = useState('');
  const [download, { isLoading }] = useDownloadStatementMutation();
  const monthId = useId();

  const onDownload = (chosen: StatementFormat) => {
    if (!user) return;
    setFormat(chosen);
    setError('');
    setSaved('');
    download({ userId: user.id, month, format: chosen })
      .unwrap()
      .then(
        (fileName) => {
          setSaved(`${fileName} is downloading.`);
        },
        (failure: unknown) => {
          markShownInPlace(failure);
          setError(getErrorMessage(failure));
        },
      );
  };

  return (
    <section aria-labelledby="statement-title" className="rounded-[12px] bg-white p-4 md:p-6">
      <h2 id="statement-title" className="text-lg font-bold text-ink">
        Statement
      </h2>
      <p className="mt-1 text-slate">
        A month of your wallet: every naira in and out, with the opening and closing balance.
      </p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex flex-col gap-1 sm:w-56">
          <label htmlFor={monthId} className="text-sm font-medium text-ink">
            Month
          </label>
          <select
            id={monthId}
            value={month}
            disabled={isLoading}
            onChange={(event) => {
              setMonth(event.target.value);
              setError('');
              setSaved('');
            }}
            className="min-h-11 w-full rounded-[12px] border border-line bg-white px-3 text-base text-ink disabled:cursor-not-allowed disabled:bg-mist disabled:text-slate"
          >
            {months.map((each, index) => (
              <option key={each} value={each}>
                {formatMonthName(each)}
                {index === 0 ? ' (so far)' : ''}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-3 sm:flex">
          <Button
            variant="secondary"
            isLoading={isLoading && format === 'csv'}
            loadingText="Preparing..."
            disabled={isLoading}
            aria-label={`Download CSV statement for ${formatMonthName(month)}`}
            onClick={() => {
              onDownload('csv');
            }}
          >
            Download CSV
          </Button>
          <Button
            variant="secondary"
            isLoading={isLoading && format === 'pdf'}
            loadingText="Preparing..."
            disabled={isLoading}
            aria-label={`Download PDF statement for ${formatMonthName(month)}`}
            onClick={() => {
              onDownload('pdf');
            }}
          >
            Download PDF
          </Button>
        </div>
      </div>
      {error ? (
        <p role="alert" className="mt-3 rounded-[12px] bg-rejected-bg p-3 text-sm text-rejected">
          {error}
        </p>
      ) : (
        <p role="status" className="mt-3 text-sm text-slate empty:hidden">
          {isLoading ? `Preparing your ${formatMonthName(month)} statement...` : saved}
        </p>
      )}
    </section>
  );
}
