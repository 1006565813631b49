import type { TradeStatus } from '@karta/shared/constants';

/**
 * The queue's tabs: the pending queue first (and by default), the approvals waiting for a second
 * operator and the trades waiting on the seller's answer, then the decided ones, then all.
 */
export const REVIEW_TABS = [
  { value: 'pending', label: 'Pending' },
  { value: 'awaiting_second_approval', label: 'Awaiting second approval' },
  { value: 'info_requested', label: 'Asked the seller' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'all', label: 'All' },
] as const satisfies readonly { value: TradeStatus | 'all'; label: string }[];

export type ReviewTab = (typeof REVIEW_TABS)[number]['value'];

/** `?status=` as a tab; anything unknown is the pending queue. */
export function readTab(value: string | null): ReviewTab {
  return REVIEW_TABS.find((tab) => tab.value === value)?.value ?? 'pending';
}

/** `?page=` as a page number, 1 when missing or nonsense. */
export function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/** What the API is asked for: every status is no status at all. */
export const statusOfTab = (tab: ReviewTab): TradeStatus | undefined =>
  tab === 'all' ? undefined : tab;
