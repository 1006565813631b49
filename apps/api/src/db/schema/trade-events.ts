import { sql } from 'drizzle-orm';
import { check, index, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import { FOUR_EYES_REASONS } from '@karta/shared/constants';
import { createdAt, kobo, reference, uuidKey } from '../columns';
import { trades } from './trades';
import { users } from './users';

/**
 * What happened to a trade between submission and the end, that its status alone cannot say:
 * an operator's question and the seller's answer (with photos, linked from `trade_images`),
 * the four-eyes steps of a large approval (who approved how much, who confirmed it or sent
 * it back and why), and a counter-offer with its answer (accepted, declined, or expired: the
 * seller's if_no_answer choice, recorded with the seller as actor). Append-only: the trail is evidence, so nothing here is ever rewritten.
 */
export const TRADE_EVENT_KINDS = [
  'info_requested',
  'info_provided',
  'first_approval',
  'approval_confirmed',
  'approval_returned',
  'counter_offered',
  'offer_accepted',
  'offer_declined',
  'offer_expired',
] as const;
export type TradeEventKind = (typeof TRADE_EVENT_KINDS)[number];

export const tradeEventKind = pgEnum('trade_event_kind', TRADE_EVENT_KINDS);

export const tradeEvents = pgTable(
  'trade_events',
  {
    id: uuidKey(),
    tradeId: reference('trade_id', () => trades.id).notNull(),
    kind: tradeEventKind('kind').notNull(),
    /** The operator who acted, or the seller who answered. */
    actorUserId: reference('actor_user_id', () => users.id).notNull(),
    /** The question, the answer, the approval's note, or why it was sent back. */
    message: text('message'),
    /** A first approval's final value (what the confirmation will credit), or a counter-offer's. */
    amountKobo: kobo('amount_kobo'),
    /** Why a first approval waits for a second operator (decision 049). */
    fourEyesReason: text('four_eyes_reason', { enum: FOUR_EYES_REASONS }),
    createdAt: createdAt(),
  },
  (t) => [
    index('trade_events_trade_created_idx').on(t.tradeId, t.createdAt),
    // As text: 'counter_offered' is new in the migration that writes this check.
    check(
      'trade_events_amount_with_first_approval',
      sql`(${t.kind}::text in ('first_approval', 'counter_offered')) = (${t.amountKobo} is not null)`,
    ),
    check('trade_events_amount_positive', sql`${t.amountKobo} is null or ${t.amountKobo} > 0`),
  ],
);
