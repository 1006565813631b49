import type { ReactNode } from 'react';
import { SECOND_APPROVAL_WAITING } from '@karta/shared/constants';
/** Every status a trade, withdrawal or referral can have (docs/ARCHITECTURE.md#domain-rules). */
export type Status =
  | 'pending'
  | 'approved'
  | 'rejected'
  | 'cancelled'
  | 'processing'
  | 'successful'
  | 'failed'
  | 'rewarded'
  | 'forfeited'
  | 'info_requested'
  | 'awaiting_second_approval'
  | 'counter_offered'
  | 'declined';

/** The status colour pairs of docs/brand.md; a cancelled or forfeited record is simply grey. */
const TONES: Record<Status, string> = {
  pending: 'bg-pending-bg text-pending',
  processing: 'bg-processing-bg text-processing',
  approved: 'bg-approved-bg text-approved',
  successful: 'bg-approved-bg text-approved',
  rewarded: 'bg-approved-bg text-approved',
  rejected: 'bg-rejected-bg text-rejected',
  failed: 'bg-rejected-bg text-rejected',
  cancelled: 'bg-mist text-slate',
  forfeited: 'bg-mist text-slate',
  // Waiting on the seller, or on a second operator: still open, like pending.
  info_requested: 'bg-pending-bg text-pending',
  awaiting_second_approval: 'bg-processing-bg text-processing',
  // An offer waits on the seller's answer, not on us: its own look (naira gold with ink, 8:1),
  // never Pending's, so a seller scanning the list sees what asks for them.
  // A declined one is closed with nothing paid.
  counter_offered: 'bg-gold text-ink',
  declined: 'bg-mist text-slate',
};

/**
 * Statuses whose name is not one word (seller and operator read the same words). A credit that
 * waits for a second staff member reads the same on every path (decision 049).
 */
const LABELS: Partial<Record<Status, string>> = {
  info_requested: 'Info requested',
  awaiting_second_approval: SECOND_APPROVAL_WAITING,
  counter_offered: 'Offer to answer',
};

export const statusLabel = (status: Status) =>
  LABELS[status] ?? status.charAt(0).toUpperCase() + status.slice(1);

/** A pill of words on one of docs/brand.md's status colour pairs (`tone`: its Tailwind classes). */
export function ToneBadge({
  tone,
  className = '',
  children,
}: {
  tone: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-semibold ${tone} ${className}`}
    >
      {children}
    </span>
  );
}

/** The status in words; the colour only repeats what the word says. */
export function StatusBadge({ status, className = '' }: { status: Status; className?: string }) {
  return (
    <ToneBadge tone={TONES[status]} className={className}>
      {statusLabel(status)}
    </ToneBadge>
  );
}
