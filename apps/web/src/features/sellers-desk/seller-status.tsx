import type { SellerSummary } from '@karta/shared/schemas/sellers-desk';
import { ToneBadge } from '../../components/ui/status-badge';

type AccountStatus = SellerSummary['status'];

/** Each account status in words, on the colour pair that repeats what the words say. */
const LOOKS: Record<AccountStatus, { words: string; tone: string }> = {
  pending_verification: { words: 'Not confirmed', tone: 'bg-pending-bg text-pending' },
  active: { words: 'Active', tone: 'bg-approved-bg text-approved' },
  deactivated: { words: 'Deactivated', tone: 'bg-mist text-slate' },
  suspended: { words: 'Suspended', tone: 'bg-rejected-bg text-rejected' },
  deleted: { words: 'Deleted', tone: 'bg-mist text-slate' },
};

/** An account's status in words; the colour only repeats what the word says. */
export function AccountStatusBadge({ status }: { status: AccountStatus }) {
  return <ToneBadge tone={LOOKS[status].tone}>{LOOKS[status].words}</ToneBadge>;
}
