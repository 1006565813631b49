import type { Withdrawal } from '@karta/shared/schemas/withdrawals';
import { RecordTimeline } from '../../../components/history/record-timeline';

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

/** What is still to come for an unfinished withdrawal. */
const NEXT_STEP: Partial<Record<Withdrawal['status'], { title: string; text: string }>> = {
  pending: { title: 'Waiting to be sent', text: 'We hand it to the bank within minutes.' },
  processing: {
    title: 'With the bank',
    text: 'Most transfers arrive within minutes. We update this page when it lands.',
  },
};

/** What happened to the withdrawal and when (Lagos time), and what comes next. */
export function WithdrawalTimeline({ withdrawal }: { withdrawal: Withdrawal }) {
  return (
    <RecordTimeline
      steps={withdrawal.timeline}
      words={STEP_WORDS}
      dots={DOT}
      next={NEXT_STEP[withdrawal.status]}
    />
  );
}
