import { SECOND_APPROVAL_WAITING, type TradeStatus } from '@karta/shared/constants';
import type { ListTab } from '../../lib/list-query';

/**
 * The queue's tabs: the pending queue first (and by default), the approvals waiting for a second
 * operator and the trades waiting on the seller's answer (to a question or to a lower offer), then
 * the decided ones, then all.
 */
export const REVIEW_TABS = [
  { value: 'pending', label: 'Pending' },
  // The badge's words (decision 049): one state, one name on every desk.
  { value: 'awaiting_second_approval', label: SECOND_APPROVAL_WAITING },
  { value: 'info_requested', label: 'Asked the seller' },
  { value: 'counter_offered', label: 'Offered to the seller' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'declined', label: 'Offer declined' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'all', label: 'All' },
] as const satisfies readonly ListTab<TradeStatus | 'all'>[];

export type ReviewTab = (typeof REVIEW_TABS)[number]['value'];
