import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { SUPPORT_STATUSES } from '@karta/shared/schemas/support';
import { createdAt, reference, timestamptz, updatedAt, uuidKey } from '../columns';
import { trades } from './trades';
import { users } from './users';

export const supportStatus = pgEnum('support_status', SUPPORT_STATUSES);

/**
 * A conversation between a seller and the Karta team (decision 070): one per trade (the unique
 * index settles two first messages at once), or a general one (no trade). Staff claim it like a
 * trade (decision 020) while they answer.
 */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: uuidKey(),
    userId: reference('user_id', () => users.id).notNull(),
    tradeId: reference('trade_id', () => trades.id),
    status: supportStatus('status').notNull().default('open'),
    createdAt: createdAt(),
    lastMessageAt: timestamptz('last_message_at').notNull(),
    /** The seller's first message we have not answered yet: the desk's "oldest waiting first". */
    waitingSince: timestamptz('waiting_since'),
    /** Everything the Karta team wrote up to here the seller has read. */
    sellerReadAt: timestamptz('seller_read_at'),
    /** The last "you have a new message" mail: at most one an hour per conversation. */
    lastMailedAt: timestamptz('last_mailed_at'),
    resolvedAt: timestamptz('resolved_at'),
    claimedByUserId: reference('claimed_by_user_id', () => users.id),
    claimExpiresAt: timestamptz('claim_expires_at'),
    /** The holder's last sign of life, and their release token's hash (as on trades: decision 078). */
    claimSeenAt: timestamptz('claim_seen_at'),
    claimReleaseTokenHash: text('claim_release_token_hash'),
  },
  (t) => [
    uniqueIndex('support_conversations_trade_key')
      .on(t.tradeId)
      .where(sql`${t.tradeId} is not null`),
    index('support_conversations_user_activity_idx').on(t.userId, t.lastMessageAt.desc(), t.id),
    index('support_conversations_queue_idx').on(t.status, t.waitingSince, t.lastMessageAt),
  ],
);

/** One message; `fromStaff` decides what the seller reads as its author ("Karta team"). */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuidKey(),
    conversationId: reference('conversation_id', () => supportConversations.id).notNull(),
    authorUserId: reference('author_user_id', () => users.id).notNull(),
    fromStaff: boolean('from_staff').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('support_messages_conversation_created_idx').on(
      t.conversationId,
      t.createdAt.desc(),
      t.id.desc(),
    ),
  ],
);

/** A message's photos, re-encoded like card photos and stored under `storageKey`. */
export const supportMessagePhotos = pgTable(
  'support_message_photos',
  {
    id: uuidKey(),
    messageId: reference('message_id', () => supportMessages.id).notNull(),
    position: smallint('position').notNull(),
    storageKey: text('storage_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
  },
  (t) => [index('support_message_photos_message_idx').on(t.messageId, t.position)],
);

/** An operator's own canned answers, for the desk's composer. */
export const savedReplies = pgTable(
  'saved_replies',
  {
    id: uuidKey(),
    userId: reference('user_id', () => users.id).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('saved_replies_user_idx').on(t.userId, t.title)],
);
