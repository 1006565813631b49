import type { PageMeta } from '@karta/shared/schemas/common';
import {
  StaffMessageInputSchema,
  type ClaimedSupportConversation,
  SUPPORT_MESSAGES,
  type SupportConversation,
  type SupportQueueItem,
  type SupportQueueQuery,
} from '@karta/shared/schemas/support';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { recordAudit, type Actor } from '../../lib/audit-log';
import * as deskClaims from '../../lib/desk-claims';
import { claimOf, endedClaim } from '../../lib/desk-claims';
import { isUuid } from '../../lib/ids';
import { offsetOf, pageMeta } from '../../lib/paging';
import { storeThenCommit } from '../../lib/store-then-commit';
import { parseOrThrow } from '../../lib/validation';
import { alreadyResolved, lockOrNotFound, notFound, supportDesk } from './support-claims';
import { publishConversationNews } from './support-events';
import { sendOwedMail, tellSeller } from './support-mail';
import { preparePhotos } from './support-photos';
import { countMessage } from './support-throttle';
import type { SupportMessageUpload } from './support-upload';
import { byId, queueItemView, staffMessageView } from './support-views';
import { messagesWithPhotos, refuseEmpty, writeMessage } from './support.service';
import {
  findConversationIdOfTrade,
  findConversationRow,
  findPeople,
  findTradeRef,
  insertConversation,
  listMessages,
  listQueue,
  lockConversationOfTrade,
  updateConversation,
  type ConversationRow,
} from './support.repository';

/**
 * The console's support desk (decision 070): the queue, claims on the mechanism every review
 * desk shares (decision 078: one operator answers a conversation at a time, kept by the page's
 * heartbeat, taken over after a minute of silence), replies and resolving. Every change is audited in its transaction.
 */

/** 409 CLAIMED while another operator's claim lasts, naming them and until when. */
const refuseOthersClaim = (tx: Executor, row: ConversationRow, actor: Actor, now: Date) =>
  deskClaims.refuseOthersClaim(supportDesk, tx, row, actor, now);

/** One conversation as the desk reads it, every message oldest first. */
async function conversationView(ctx: AppContext, id: string): Promise<SupportConversation> {
  const row = await findConversationRow(ctx.db, id);
  if (!row) throw notFound();
  const { rows } = await listMessages(ctx.db, { conversationId: id, oldestFirst: true });
  const { photos } = await messagesWithPhotos(ctx, rows);
  const c = row.conversation;
  const people = byId(
    await findPeople(ctx.db, [
      c.userId,
      ...(c.claimedByUserId ? [c.claimedByUserId] : []),
      ...rows.map((message) => message.authorUserId),
    ]),
  );
  const now = ctx.clock.now();
  return {
    ...queueItemView(row, people, now),
    messages: rows.map((message) => staffMessageView(ctx, message, photos, people, now)),
    resolved_at: c.resolvedAt?.toISOString() ?? null,
  };
}

/** The queue by status (open by default), oldest waiting first, with the trade and the seller. */
export async function listSupportQueue(
  ctx: AppContext,
  query: SupportQueueQuery,
): Promise<{ data: SupportQueueItem[]; meta: PageMeta }> {
  const { rows, total } = await listQueue(ctx.db, {
    status: query.status,
    limit: query.size,
    offset: offsetOf(query),
  });
  const people = byId(
    await findPeople(
      ctx.db,
      rows.flatMap((row) => [
        row.conversation.userId,
        ...(row.conversation.claimedByUserId ? [row.conversation.claimedByUserId] : []),
      ]),
    ),
  );
  const now = ctx.clock.now();
  return {
    data: rows.map((row) => queueItemView(row, people, now)),
    meta: pageMeta(query, total),
  };
}

export async function getSupportConversation(ctx: AppContext, id: string) {
  if (!isUuid(id)) throw notFound();
  return conversationView(ctx, id);
}

const tradeNotFound = () =>
  new AppError('NOT_FOUND', SUPPORT_MESSAGES.TRADE_NOT_FOUND, { field: 'trade_id' });

/** The trade's conversation for the review page, or null before anyone wrote. */
export async function getTradeConversation(
  ctx: AppContext,
  tradeId: string,
): Promise<SupportConversation | null> {
  if (!isUuid(tradeId) || !(await findTradeRef(ctx.db, tradeId))) throw tradeNotFound();
  const id = await findConversationIdOfTrade(ctx.db, tradeId);
  return id ? conversationView(ctx, id) : null;
}

/**
 * Claims (or renews the caller's claim on) a conversation until REVIEW_CLAIM_MINUTES from now;
 * `takeOver` also takes another operator's claim whose page has been silent for a minute
 * (`support.claim_take_over`). Answers the claim's release token for the page's closing beacon.
 */
export async function claimConversation(
  ctx: AppContext,
  options: { actor: Actor; id: string; takeOver?: boolean },
): Promise<ClaimedSupportConversation> {
  const token = await deskClaims.takeDeskClaim(ctx, supportDesk, options);
  return { ...(await conversationView(ctx, options.id)), release_token: token };
}

/** The conversation page's heartbeat (not audited); 409 CLAIM_LOST once someone else holds it. */
export const heartbeatConversationClaim = (
  ctx: AppContext,
  options: { actor: Actor; id: string },
) => deskClaims.heartbeatDeskClaim(ctx, supportDesk, options);

/** Ends the caller's own claim; anyone else's is theirs to end (409 naming them). */
export async function releaseConversation(ctx: AppContext, options: { actor: Actor; id: string }) {
  await deskClaims.dropDeskClaim(ctx, supportDesk, options);
  return conversationView(ctx, options.id);
}

/** The closing page's beacon: the release token ends the claim it was given with, once. */
export const releaseConversationClaimByToken = (
  ctx: AppContext,
  options: { id: string; token: string; ip: string },
) => deskClaims.releaseDeskClaimByToken(ctx, supportDesk, options);

/** The conversation a staff message goes to: the one named, or the trade's (made if none). */
type Target = { id: string } | { tradeId: string };

async function lockTarget(tx: Executor, target: Target, at: Date) {
  if ('id' in target) return lockOrNotFound(tx, target.id);
  const existing = await lockConversationOfTrade(tx, target.tradeId);
  if (existing) return existing;
  const trade = await findTradeRef(tx, target.tradeId);
  if (!trade) throw tradeNotFound();
  const made = await insertConversation(tx, {
    userId: trade.userId,
    tradeId: trade.id,
    status: 'waiting_for_seller',
    lastMessageAt: at,
    createdAt: at,
  });
  const row = made ?? (await lockConversationOfTrade(tx, target.tradeId));
  if (!row) throw new Error('support conversation of a trade vanished');
  return row;
}

/** The seller whose folder the photos go in, read before any photo is decoded. */
async function sellerOf(ctx: AppContext, target: Target) {
  if ('id' in target) {
    const row = isUuid(target.id) ? await findConversationRow(ctx.db, target.id) : undefined;
    if (!row) throw notFound();
    return { userId: row.conversation.userId, tradeReference: row.tradeReference };
  }
  const trade = isUuid(target.tradeId) ? await findTradeRef(ctx.db, target.tradeId) : undefined;
  if (!trade) throw tradeNotFound();
  return { userId: trade.userId, tradeReference: trade.reference };
}

/**
 * A staff member answers: the conversation waits for the seller now, the seller is told in the
 * bell and, while away, by at most one mail an hour per conversation. Another operator's live
 * claim blocks; the answer keeps the caller's own claim. The mail goes after the commit.
 */
export async function sendStaffMessage(
  ctx: AppContext,
  options: { actor: Actor; target: Target; upload: SupportMessageUpload },
): Promise<SupportConversation> {
  const { actor, target } = options;
  await countMessage(ctx, actor.userId, 'staff');
  const input = parseOrThrow(StaffMessageInputSchema, options.upload.fields);
  refuseEmpty(input.body, options.upload.photos);
  const seller = await sellerOf(ctx, target);
  const photos = await preparePhotos(seller.userId, options.upload.photos);
  const at = ctx.clock.now();
  const written = await storeThenCommit(
    ctx,
    photos.map((photo) => photo.object),
    () =>
      ctx.db.transaction(async (tx) => {
        const conversation = await lockTarget(tx, target, at);
        await refuseOthersClaim(tx, conversation, actor, at);
        const saved = await writeMessage(tx, {
          conversationId: conversation.id,
          authorUserId: actor.userId,
          fromStaff: true,
          body: input.body,
          photos,
          at,
        });
        const updated = await updateConversation(tx, conversation.id, {
          status: 'waiting_for_seller',
          lastMessageAt: at,
          waitingSince: null,
          resolvedAt: null,
        });
        const mail = await tellSeller(ctx, tx, {
          conversation: updated,
          tradeReference: seller.tradeReference,
          at,
        });
        await recordAudit(tx, {
          actor,
          action: 'support.message',
          targetType: 'support_conversation',
          targetId: conversation.id,
          before: { status: conversation.status },
          after: {
            status: updated.status,
            message_id: saved.message.id,
            from: 'karta',
            photos: saved.photos.length,
            mailed: mail !== null,
          },
        });
        await publishConversationNews(tx, {
          conversationId: updated.id,
          sellerId: updated.userId,
          tradeId: updated.tradeId,
          status: updated.status,
          messageId: saved.message.id,
        });
        return { conversation: updated, message: saved.message, mail };
      }),
  );
  await sendOwedMail(ctx, written.mail);
  return conversationView(ctx, written.conversation.id);
}

/** The question is answered: resolved, the claim ends, nobody waits. A new message opens it again. */
export async function resolveConversation(ctx: AppContext, options: { actor: Actor; id: string }) {
  const { actor } = options;
  const now = ctx.clock.now();
  const resolved = await ctx.db.transaction(async (tx) => {
    const row = await lockOrNotFound(tx, options.id);
    if (row.status === 'resolved') throw alreadyResolved();
    await refuseOthersClaim(tx, row, actor, now);
    const updated = await updateConversation(tx, row.id, {
      status: 'resolved',
      resolvedAt: now,
      waitingSince: null,
      ...endedClaim,
    });
    await recordAudit(tx, {
      actor,
      action: 'support.resolve',
      targetType: 'support_conversation',
      targetId: row.id,
      before: { status: row.status, ...claimOf(row) },
      after: { status: updated.status, ...claimOf(updated) },
    });
    await publishConversationNews(tx, {
      conversationId: updated.id,
      sellerId: updated.userId,
      tradeId: updated.tradeId,
      status: updated.status,
      messageId: null,
    });
    return updated;
  });
  return conversationView(ctx, resolved.id);
}
