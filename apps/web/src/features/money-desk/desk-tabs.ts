import type { WithdrawalDeskFilter } from '@karta/shared/schemas/withdrawal-desk';

/** The desk's tabs: everything (stuck payouts first), then each status. */
export const DESK_TABS = [
  { value: 'all', label: 'All' },
  { value: 'stuck', label: 'Stuck' },
  { value: 'pending', label: 'Pending' },
  { value: 'processing', label: 'Processing' },
  { value: 'successful', label: 'Successful' },
  { value: 'failed', label: 'Failed' },
  { value: 'reversed', label: 'Reversed' },
] as const satisfies readonly { value: WithdrawalDeskFilter | 'all'; label: string }[];

export type DeskTab = (typeof DESK_TABS)[number]['value'];

/** `?status=` as a tab; anything unknown is every withdrawal. */
export const readDeskTab = (value: string | null): DeskTab =>
  DESK_TABS.find((tab) => tab.value === value)?.value ?? 'all';

export const statusOfDeskTab = (tab: DeskTab): WithdrawalDeskFilter | undefined =>
  tab === 'all' ? undefined : tab;

/** `?page=` as a page number, 1 when missing or nonsense. */
export function readDeskPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 ? page : 1;
}
