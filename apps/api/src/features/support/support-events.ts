import type { SupportStatus } from '@karta/shared/schemas/support';
import type { AppContext } from '../../app-context';

/**
 * The one place a conversation's news leaves this feature once it is committed (decision 070).
 * Live updates (the signed-in user's event stream) are built apart: the lead connects `afterMessage` to
 * the event publisher (a `message` event to the seller, and the queue event staff need), and
 * `isSellerConnected` to the stream's knowledge of who holds one. Until then nothing is
 * published and every seller counts as away, so the hourly mail is the seller's news.
 */

/** What happened, after the commit: a message was written, or the status changed without one. */
export interface ConversationNews {
  conversationId: string;
  /** The seller the conversation belongs to (the stream's addressee). */
  sellerId: string;
  tradeId: string | null;
  status: SupportStatus;
  /** The new message, or null for a change of status alone (resolved). */
  messageId: string | null;
  from: 'seller' | 'karta' | null;
  at: Date;
}

/** Called after every committed message and status change; never throws into the request. */
export function afterMessage(ctx: AppContext, news: ConversationNews): void {
  ctx.log.debug(
    { conversationId: news.conversationId, status: news.status, from: news.from },
    'support conversation changed',
  );
}

/** Whether the seller has a live event stream open now (then no mail is needed). */
export function isSellerConnected(ctx: AppContext, sellerId: string): boolean {
  ctx.log.trace({ sellerId }, 'no event stream yet: the seller counts as away');
  return false;
}
