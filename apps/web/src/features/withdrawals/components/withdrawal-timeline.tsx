import type { Withdrawal } from '@karta/shared/schemas/withdrawals';
import { formatLagosDateTime } from '../../../lib/format-date';

type TimelineStatus = Withdrawal['timeline'][number]['status'];

const STEP_WORDS: Record<TimelineStatus, string> = {
  requested: 'Requested',
  processing: 'Sent to the bank',
  successful: 'Paid into the account',
  failed: 'Failed',
  reversed: 'Returned by the bank',
};

const DOT: Record<TimelineStatus, string> = {
  requested: 'bg-brand',
  processing: 'bg-processing',
  successful: 'bg-approved',
  failed: 'bg-rejected',
  reversed: 'bg-pending',
};

/** What is still to come for an unfinished withdrawal, so nobody wonders whether it is stuck. */
const NEXT_STEP: Partial<Record<Withdrawal['status'], [string, string]>> = {
  pending: ['Waiting to be sent', 'We hand it to the bank within minutes.'],
  processing: [
    'With the bank',
    'Most transfers arrive within minutes. We update this page when it lands.',
  ],
};

/** What happened to the withdrawal and when (Lagos time), and what comes next. */
export function WithdrawalTimeline({ withdrawal }: { withdrawal: Withdrawal }) {
  const next = NEXT_STEP[withdrawal.status];
  return (
    <ol aria-label="Timeline" className="flex flex-col gap-4 border-l-2 border-line pl-5">
      {withdrawal.timeline.map((step) => (
        <li key={`${step.status}-${step.at}`} className="relative">
          <span
            aria-hidden="true"
            className={`absolute top-1.5 -left-[27px] h-3 w-3 rounded-full ${DOT[step.status]}`}
          />
          <p className="font-semibold text-ink">{STEP_WORDS[step.status]}</p>
          <p className="text-sm text-slate">
            <time dateTime={step.at}>{formatLagosDateTime(step.at)}</time>
          </p>
        </li>
      ))}
      {next && (
        <li className="relative">
          <span
            aria-hidden="true"
            className="absolute top-1.5 -left-[27px] h-3 w-3 rounded-full border-2 border-pending bg-white"
          />
          <p className="font-semibold text-ink">{next[0]}</p>
          <p className="text-sm text-slate">{next[1]}</p>
        </li>
      )}
    </ol>
  );
}
