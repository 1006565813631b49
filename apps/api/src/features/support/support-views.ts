import {
  KARTA_TEAM,
  type SellerConversation,
  type SellerMessage,
  type StaffMessage,
  type SupportQueueItem,
} from '@karta/shared/schemas/support';
import type { AppContext } from '../../app-context';
import { photoView } from './support-photos';
import type { ConversationListRow, MessageRow, Person, PhotoRow } from './support.repository';

/**
 * What each side reads. The seller's shapes are built from the row and the seller alone: staff
 * authors become "Karta team" here, and nothing of the staff member (name, id, e-mail) is passed
 * in, so it cannot leak into a seller's payload (decision 070).
 */

const photosOf = (ctx: AppContext, photos: PhotoRow[], messageId: string, now: Date) =>
  photos
    .filter((photo) => photo.messageId === messageId)
    .map((photo) => photoView(ctx, photo, now));

export function sellerConversationView(row: ConversationListRow): SellerConversation {
  const { conversation } = row;
  return {
    id: conversation.id,
    status: conversation.status,
    trade:
      conversation.tradeId && row.tradeReference
        ? { id: conversation.tradeId, reference: row.tradeReference }
        : null,
    unread_count: row.unread,
    last_message_at: conversation.lastMessageAt.toISOString(),
    last_message_preview: row.preview,
    created_at: conversation.createdAt.toISOString(),
  };
}

export function sellerMessageView(
  ctx: AppContext,
  message: MessageRow,
  photos: PhotoRow[],
  now: Date,
): SellerMessage {
  return {
    id: message.id,
    from: message.fromStaff ? 'karta' : 'seller',
    author: message.fromStaff ? KARTA_TEAM : 'You',
    body: message.body,
    photos: photosOf(ctx, photos, message.id, now),
    created_at: message.createdAt.toISOString(),
  };
}

const nameOf = (person: Person | undefined) =>
  person ? `${person.firstName} ${person.lastName}`.trim() : 'Someone';

export function staffMessageView(
  ctx: AppContext,
  message: MessageRow,
  photos: PhotoRow[],
  people: Map<string, Person>,
  now: Date,
): StaffMessage {
  return {
    id: message.id,
    from: message.fromStaff ? 'karta' : 'seller',
    author: nameOf(people.get(message.authorUserId)),
    body: message.body,
    photos: photosOf(ctx, photos, message.id, now),
    created_at: message.createdAt.toISOString(),
  };
}

const minutesSince = (since: Date, now: Date) =>
  Math.max(0, Math.floor((now.getTime() - since.getTime()) / 60_000));

export function queueItemView(
  row: ConversationListRow,
  people: Map<string, Person>,
  now: Date,
): SupportQueueItem {
  const { conversation } = row;
  const seller = people.get(conversation.userId);
  const holder = conversation.claimedByUserId
    ? people.get(conversation.claimedByUserId)
    : undefined;
  const claimLasts =
    conversation.status !== 'resolved' &&
    conversation.claimExpiresAt !== null &&
    conversation.claimExpiresAt > now;
  return {
    id: conversation.id,
    status: conversation.status,
    trade:
      conversation.tradeId && row.tradeReference
        ? { id: conversation.tradeId, reference: row.tradeReference, status: row.tradeStatus ?? '' }
        : null,
    seller: {
      id: conversation.userId,
      first_name: seller?.firstName ?? '',
      last_name: seller?.lastName ?? '',
      email: seller?.email ?? '',
    },
    claim:
      claimLasts && holder && conversation.claimExpiresAt
        ? {
            by_user_id: holder.id,
            by_name: nameOf(holder),
            until: conversation.claimExpiresAt.toISOString(),
            seen_at: conversation.claimSeenAt?.toISOString() ?? null,
          }
        : null,
    waiting_since: conversation.waitingSince?.toISOString() ?? null,
    waiting_minutes: conversation.waitingSince
      ? minutesSince(conversation.waitingSince, now)
      : null,
    last_message_at: conversation.lastMessageAt.toISOString(),
    last_message_preview: row.preview,
  };
}

/** Who a page names, by id, for the views above. */
export const byId = (people: Person[]) => new Map(people.map((person) => [person.id, person]));
