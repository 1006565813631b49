import {
  EVENT_SCHEMAS,
  EVENT_TYPES,
  type EventPayloads,
  type EventType,
} from '@karta/shared/schemas/events';
import type { ServerEvent } from './sse-parser';

type Tag =
  | 'Notices'
  | 'Wallet'
  | {
      type: 'Trades' | 'Withdrawals' | 'Notices' | 'Wallet' | 'Support' | 'SupportDesk';
      id: string;
    };

/** The lists each kind of record has: every page of them refreshes when one record changes. */
const TRADE_LISTS: Tag[] = [
  { type: 'Trades', id: 'LIST' },
  { type: 'Trades', id: 'REVIEW_LIST' },
];
const WITHDRAWAL_LISTS: Tag[] = [
  { type: 'Withdrawals', id: 'LIST' },
  { type: 'Withdrawals', id: 'DESK_LIST' },
];

/** What each event makes stale in RTK Query's cache: the record, its lists, what it moves. */
const TAGS_OF: { [T in EventType]: (data: EventPayloads[T]) => Tag[] } = {
  // An approval credits the wallet; the trade page, the history and the queue show the status.
  trade: (data) => [{ type: 'Trades', id: data.id }, ...TRADE_LISTS, 'Wallet'],
  // The detail is tagged by id, or by the reference its link carries until it has loaded.
  withdrawal: (data) => [
    { type: 'Withdrawals', id: data.id },
    { type: 'Withdrawals', id: data.reference },
    ...WITHDRAWAL_LISTS,
    'Wallet',
  ],
  notice: () => ['Notices'],
  queue: (data) => [{ type: 'Trades', id: data.id }, ...TRADE_LISTS],
  // The conversation, the seller's inbox and the desk's queue (decision 070); a trade's
  // conversation also shows beside it on the trade's and the review's page.
  message: (data) => [
    { type: 'Support', id: data.conversation_id },
    { type: 'Support', id: 'LIST' },
    { type: 'SupportDesk', id: data.conversation_id },
    { type: 'SupportDesk', id: 'LIST' },
    ...(data.trade_id
      ? [
          { type: 'Trades' as const, id: data.trade_id },
          { type: 'SupportDesk' as const, id: `trade-${data.trade_id}` },
        ]
      : []),
  ],
};

/** Everything the stream keeps fresh: refetched once when it comes back after a failure. */
export const FOLLOWED_LISTS: Tag[] = [...TRADE_LISTS, ...WITHDRAWAL_LISTS, 'Notices', 'Wallet'];

const isEventType = (type: string): type is EventType =>
  (EVENT_TYPES as readonly string[]).includes(type);

/** The tags an event makes stale; none for an event this version of the app does not know. */
export function tagsOfEvent(event: ServerEvent): Tag[] {
  if (!isEventType(event.type)) return [];
  let data: unknown;
  try {
    data = JSON.parse(event.data);
  } catch {
    return [];
  }
  const parsed = EVENT_SCHEMAS[event.type].safeParse(data);
  if (!parsed.success) return [];
  // The schema of this very type has just read it: its payload, by construction.
  const tagsOf = TAGS_OF[event.type] as (payload: unknown) => Tag[];
  return tagsOf(parsed.data);
}
