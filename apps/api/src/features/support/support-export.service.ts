import type { DataExport } from '@karta/shared/schemas/data-export';
import { KARTA_TEAM } from '@karta/shared/schemas/support';
import type { Executor } from '../../db/client';
import { listAllOf } from './support.repository';

/** Every conversation of the seller, oldest first, as they read it: staff are "Karta team". */
export async function exportSupport(tx: Executor, userId: string): Promise<DataExport['support']> {
  const { conversations, messages, photos } = await listAllOf(tx, userId);
  return conversations.map(({ conversation, tradeReference }) => ({
    trade_reference: tradeReference,
    status: conversation.status,
    created_at: conversation.createdAt.toISOString(),
    messages: messages
      .filter((message) => message.conversationId === conversation.id)
      .map((message) => ({
        from: message.fromStaff ? KARTA_TEAM : 'You',
        body: message.body,
        photos: photos.filter((photo) => photo.messageId === message.id).length,
        created_at: message.createdAt.toISOString(),
      })),
  }));
}
