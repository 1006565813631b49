/** Every status a trade, withdrawal or referral can have (DESIGN §3). */
export type Status =
  | 'pending'
  | 'approved'
  | 'rejected'
  | 'cancelled'
  | 'processing'
  | 'successful'
  | 'failed'
  | 'rewarded'
  | 'forfeited';

/** The status colour pairs of BRAND.md; a cancelled or forfeited record is simply grey. */
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
};

export const statusLabel = (status: Status) => status.charAt(0).toUpperCase() + status.slice(1);

/** The status in words; the colour only repeats what the word says. */
export function StatusBadge({ status, className = '' }: { status: Status; className?: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-semibold ${TONES[status]} ${className}`}
    >
      {statusLabel(status)}
    </span>
  );
}
