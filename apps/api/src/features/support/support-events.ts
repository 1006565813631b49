import type { SupportStatus } from '@karta/shared/schemas/support';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { publishEvent } from '../events/events.service';

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
 * Whether the seller is surely reading now, so no mail is needed. A live stream is held by one
 * API process of several, which the others cannot see: every seller counts as away, and the
 * hourly bound (one mail per conversation per hour) keeps a connected seller's inbox quiet.
 */
export function isSellerConnected(ctx: AppContext, sellerId: string): boolean {
  ctx.log.trace(
    { sellerId },
    'a live stream is not known across processes: the seller counts as away',
  );
  return false;
}
