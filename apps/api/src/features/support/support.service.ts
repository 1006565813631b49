import type { PageQuery } from '@karta/shared/schemas/common';
import {
  SUPPORT_MESSAGES,
  SupportMessageInputSchema,
  type SellerConversation,
  type SellerConversationDetail,
  type SellerConversationList,
  type SellerMessageSent,
} from '@karta/shared/schemas/support';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit-log';
import { isUuid } from '../../lib/ids';
import { offsetOf, pageMeta } from '../../lib/paging';
import { storeThenCommit } from '../../lib/store-then-commit';
import type { UserRow } from '../../lib/users';
import { parseOrThrow } from '../../lib/validation';
import { publishConversationNews } from './support-events';
import { preparePhotos, type PreparedPhoto } from './support-photos';
import { countMessage } from './support-throttle';
import type { SupportMessageUpload } from './support-upload';
import { sellerConversationView, sellerMessageView } from './support-views';
import {
  findConversationRow,
  findPhotosOf,
  findTradeRef,
  insertConversation,
  insertMessage,
  insertPhotos,
  listMessages,
  listSellerConversations,
  lockConversationOfTrade,
  lockSellerConversation,
  markRead,
  updateConversation,
  type ConversationRow,
  type MessageRow,
} from './support.repository';

export const conversationNotFound = (field = 'conversation_id') =>
  new AppError('NOT_FOUND', SUPPORT_MESSAGES.NOT_FOUND, { field });

/** The message's text or photos: one of them at least. */
export function refuseEmpty(body: string, photos: unknown[]) {
  if (body.length === 0 && photos.length === 0) {
    throw new AppError('BAD_REQUEST', SUPPORT_MESSAGES.EMPTY, { field: 'body' });
  }
}

/** The message and its photos' rows, in the caller's transaction. */
export async function writeMessage(
  tx: Executor,
  options: {
    conversationId: string;
    authorUserId: string;
    fromStaff: boolean;
    body: string;
    photos: PreparedPhoto[];
    at: Date;
  },
) {
  const message = await insertMessage(tx, {
    conversationId: options.conversationId,
    authorUserId: options.authorUserId,
    fromStaff: options.fromStaff,
    body: options.body,
    createdAt: options.at,
  });
  const photos = await insertPhotos(
    tx,
    options.photos.map((photo, position) => ({
      messageId: message.id,
      position,
      storageKey: photo.object.key,
      width: photo.width,
      height: photo.height,
      bytes: photo.object.bytes.length,
    })),
  );
  return { message, photos };
}

/** The seller's conversation the message goes to: the named one, the trade's, or a new one. */
async function conversationFor(
  tx: Executor,
  options: {
    user: UserRow;
    tradeId?: string | undefined;
    conversationId?: string | undefined;
    at: Date;
  },
): Promise<ConversationRow> {
  const { user, at } = options;
  if (options.conversationId) {
    const found = await lockSellerConversation(tx, options.conversationId, user.id);
    if (!found) throw conversationNotFound();
    return found;
  }
  if (options.tradeId) {
    const existing = await lockConversationOfTrade(tx, options.tradeId);
    if (existing) return existing;
    // Two first messages at once: the unique index keeps one row, the other waits and reads it.
    const made = await insertConversation(tx, {
      userId: user.id,
      tradeId: options.tradeId,
      lastMessageAt: at,
      createdAt: at,
    });
    const row = made ?? (await lockConversationOfTrade(tx, options.tradeId));
    if (!row) throw new Error('support conversation of a trade vanished');
    return row;
  }
  const made = await insertConversation(tx, { userId: user.id, lastMessageAt: at, createdAt: at });
  if (!made) throw new Error('support conversation insert returned no row');
  return made;
}

/**
 * A seller's message: to the conversation named, to their trade's (made on the first message),
 * or a new general one (Contact Us). It opens the conversation again (`open`) and, if nobody was
 * waiting on us yet, starts the wait the desk sorts by. Photos are re-encoded and stored first;
 * the rows naming them are written after (storeThenCommit), audited.
 */
export async function sendSellerMessage(
  ctx: AppContext,
  options: { user: UserRow; upload: SupportMessageUpload; ip: string },
): Promise<SellerMessageSent> {
  const { user } = options;
  await countMessage(ctx, user.id, 'seller');
  const input = parseOrThrow(SupportMessageInputSchema, options.upload.fields);
  refuseEmpty(input.body, options.upload.photos);
  if (input.conversation_id !== undefined && !isUuid(input.conversation_id)) {
    throw conversationNotFound();
  }
  if (input.trade_id !== undefined) {
    const trade = isUuid(input.trade_id)
      ? await findTradeRef(ctx.db, input.trade_id, user.id)
      : undefined;
    if (!trade) {
      throw new AppError('NOT_FOUND', SUPPORT_MESSAGES.TRADE_NOT_FOUND, { field: 'trade_id' });
    }
  }
  const photos = await preparePhotos(user.id, options.upload.photos);
  const at = ctx.clock.now();
  const written = await storeThenCommit(
    ctx,
    photos.map((photo) => photo.object),
    () =>
      ctx.db.transaction(async (tx) => {
        const conversation = await conversationFor(tx, {
          user,
          tradeId: input.trade_id,
          conversationId: input.conversation_id,
          at,
        });
        const saved = await writeMessage(tx, {
          conversationId: conversation.id,
          authorUserId: user.id,
          fromStaff: false,
          body: input.body,
          photos,
          at,
        });
        const updated = await updateConversation(tx, conversation.id, {
          status: 'open',
          lastMessageAt: at,
          waitingSince: conversation.waitingSince ?? at,
          resolvedAt: null,
          // Writing means the seller has seen the conversation up to now.
          sellerReadAt: at,
        });
        await recordAudit(tx, {
          actor: { userId: user.id, ip: options.ip },
          action: 'support.message',
          targetType: 'support_conversation',
          targetId: conversation.id,
          before: { status: conversation.status },
          after: {
            status: updated.status,
            message_id: saved.message.id,
            from: 'seller',
            photos: saved.photos.length,
          },
        });
        await publishConversationNews(tx, {
          conversationId: updated.id,
          sellerId: user.id,
          tradeId: updated.tradeId,
          status: updated.status,
          messageId: saved.message.id,
        });
        return { conversation: updated, ...saved };
      }),
  );
  const row = await findConversationRow(ctx.db, written.conversation.id, user.id);
  if (!row) throw conversationNotFound();
  return {
    conversation: sellerConversationView(row),
    message: sellerMessageView(ctx, written.message, written.photos, ctx.clock.now()),
  };
}

/** The seller's conversations, newest activity first, with unread counts. */
export async function listSellerSupport(
  ctx: AppContext,
  options: { userId: string; page: PageQuery; tradeId?: string | undefined },
): Promise<SellerConversationList> {
  // Not an id at all: no conversation can be about it.
  if (options.tradeId !== undefined && !isUuid(options.tradeId)) {
    return { data: [], meta: pageMeta(options.page, 0), unread_count: 0 };
  }
  const { rows, total, unread } = await listSellerConversations(ctx.db, {
    userId: options.userId,
    ...(options.tradeId !== undefined && { tradeId: options.tradeId }),
    limit: options.page.size,
    offset: offsetOf(options.page),
  });
  return {
    data: rows.map(sellerConversationView),
    meta: pageMeta(options.page, total),
    unread_count: unread,
  };
}

/** Photos of a page of messages, with their signed links. */
export async function messagesWithPhotos(ctx: AppContext, rows: MessageRow[]) {
  const photos = await findPhotosOf(
    ctx.db,
    rows.map((row) => row.id),
  );
  return { rows, photos };
}

/** One of the seller's conversations and a page of its messages, newest first. */
export async function getSellerConversation(
  ctx: AppContext,
  options: { userId: string; conversationId: string; page: PageQuery },
): Promise<SellerConversationDetail> {
  if (!isUuid(options.conversationId)) throw conversationNotFound('conversation_id');
  const row = await findConversationRow(ctx.db, options.conversationId, options.userId);
  if (!row) throw conversationNotFound('conversation_id');
  const { rows, total } = await listMessages(ctx.db, {
    conversationId: row.conversation.id,
    limit: options.page.size,
    offset: offsetOf(options.page),
  });
  const { photos } = await messagesWithPhotos(ctx, rows);
  const now = ctx.clock.now();
  return {
    ...sellerConversationView(row),
    messages: {
      data: rows.map((message) => sellerMessageView(ctx, message, photos, now)),
      meta: pageMeta(options.page, total),
    },
  };
}

/** The seller read the conversation: its unread count is 0 until the Karta team writes again. */
export async function readSellerConversation(
  ctx: AppContext,
  options: { userId: string; conversationId: string },
): Promise<SellerConversation> {
  if (!isUuid(options.conversationId)) throw conversationNotFound();
  const marked = await markRead(ctx.db, {
    id: options.conversationId,
    userId: options.userId,
    at: ctx.clock.now(),
  });
  if (!marked) throw conversationNotFound();
  const row = await findConversationRow(ctx.db, options.conversationId, options.userId);
  if (!row) throw conversationNotFound();
  return sellerConversationView(row);
}
