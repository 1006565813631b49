import { z } from 'zod';
import { TRADE_STATUSES, WITHDRAWAL_STATUSES } from '../constants';
import { NOTICE_KINDS } from './notices';

/**
 * The live updates of `GET /api/v1/events` (decision 069): a Server-Sent Events stream whose
 * `event:` line is one of these types and whose `data:` line is that type's JSON below. Each
 * names the record that changed and its new state; the client re-reads the record itself, so a
 * payload never carries more than a screen needs to know what to refresh.
 */
export const EVENT_TYPES = ['trade', 'withdrawal', 'message', 'notice', 'queue'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** A seller's trade changed status. */
const TradeEventSchema = z.object({
  id: z.uuid(),
  reference: z.string(),
  status: z.enum(TRADE_STATUSES),
});

/**
 * A withdrawal changed status (the request, the worker's payout outcome, the desk): to its seller,
 * and to staff for the money desk.
 */
const WithdrawalEventSchema = z.object({
  id: z.uuid(),
  reference: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
});

/** A new message in a conversation (the conversations feature publishes it). */
const MessageEventSchema = z.object({
  /** The message's id. */
  id: z.uuid(),
  conversation_id: z.uuid(),
  /** The trade the conversation is about, or null for a general one. */
  trade_id: z.uuid().nullable(),
  /** The conversation's state after the message. */
  status: z.enum(['open', 'waiting_for_seller', 'resolved']),
});

/** A new notice for the bell. */
const NoticeEventSchema = z.object({
  id: z.uuid(),
  kind: z.enum(NOTICE_KINDS),
});

/** What changed in the console's trade queue: staff only. */
const QUEUE_CHANGES = ['submitted', 'claimed', 'released', 'decided'] as const;
const QueueEventSchema = z.object({
  /** The trade's id. */
  id: z.uuid(),
  change: z.enum(QUEUE_CHANGES),
  status: z.enum(TRADE_STATUSES),
});

type TradeEvent = z.infer<typeof TradeEventSchema>;
type WithdrawalEvent = z.infer<typeof WithdrawalEventSchema>;
type MessageEvent = z.infer<typeof MessageEventSchema>;
type NoticeEvent = z.infer<typeof NoticeEventSchema>;
export type QueueEvent = z.infer<typeof QueueEventSchema>;

/** Each type's payload, so a publisher cannot send a `trade` with a withdrawal's fields. */
export interface EventPayloads {
  trade: TradeEvent;
  withdrawal: WithdrawalEvent;
  message: MessageEvent;
  notice: NoticeEvent;
  queue: QueueEvent;
}

export const EVENT_SCHEMAS = {
  trade: TradeEventSchema,
  withdrawal: WithdrawalEventSchema,
  message: MessageEventSchema,
  notice: NoticeEventSchema,
  queue: QueueEventSchema,
} as const satisfies { [T in EventType]: z.ZodType<EventPayloads[T]> };
