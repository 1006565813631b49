import type { WithdrawalDeskFilter } from '@karta/shared/schemas/withdrawal-desk';
import type { ListTab } from '../../lib/list-query';

/** The desk's tabs: everything (stuck payouts first), then each status. */
export const DESK_TABS = [
  { value: 'all', label: 'All' },
  { value: 'stuck', label: 'Stuck' },
  { value: 'pending', label: 'Pending' },
  { value: 'processing', label: 'Processing' },
  { value: 'successful', label: 'Successful' },
  { value: 'failed', label: 'Failed' },
  { value: 'reversed', label: 'Reversed' },
] as const satisfies readonly ListTab<WithdrawalDeskFilter | 'all'>[];

export type DeskTab = (typeof DESK_TABS)[number]['value'];
