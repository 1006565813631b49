import type { SupportStatus } from '@karta/shared/schemas/support';
import type { Executor } from '../../db/client';
import { isUserConnected, publishEvent } from '../events/events.service';

/**
 * The one place a conversation's news leaves this feature (decisions 069, 070): a `message`
 * event to the seller's live stream and to staff (the desk's queue), written in the change's own
 * transaction, so it is heard after the commit on every API process and never for a rollback.
 */

/** What happened: a message was written, or the status changed without one. */
export interface ConversationNews {
  conversationId: string;
  /** The seller the conversation belongs to (the stream's addressee). */
  sellerId: string;
  tradeId: string | null;
  status: SupportStatus;
  /** The new message, or null for a change of status alone (resolved). */
  messageId: string | null;
}

/** Publishes the news in `tx`, the transaction that makes the change. */
export async function publishConversationNews(tx: Executor, news: ConversationNews) {
  const data = {
    // A change of status alone names the conversation itself.
    id: news.messageId ?? news.conversationId,
    conversation_id: news.conversationId,
    trade_id: news.tradeId,
    status: news.status,
  };
  await publishEvent(tx, { userId: news.sellerId, type: 'message', data });
  await publishEvent(tx, { userId: null, type: 'message', data });
}

/**
 * Whether the seller holds a live stream now, on any API process (decision 079): then the
 * message reaches their screen as it is committed, and no mail is owed. Asked in the message's
 * transaction, just before its commit.
 */
export const isSellerConnected = (tx: Executor, sellerId: string) => isUserConnected(tx, sellerId);
