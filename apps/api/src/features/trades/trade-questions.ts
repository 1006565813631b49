import { randomBytes } from 'node:crypto';
import { TRADE_ANSWER_IMAGES_MAX, TRADE_IMAGES_PER_TRADE_MAX } from '@karta/shared/constants';
import {
  RespondTradeFieldsSchema,
  TRADE_STEP_MESSAGES,
  type RequestInfoInput,
} from '@karta/shared/schemas/trade-steps';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { recordAudit, type Actor } from '../../lib/audit-log';
import { isUuid } from '../../lib/ids';
import { storeThenCommit } from '../../lib/store-then-commit';
import { parseOrThrow } from '../../lib/validation';
import { claimForDecision, endedClaim, lockPendingTrade, wrongStatus } from './trade-claims';
import { countTradePhotos, insertTradeEvent } from './trade-events.repository';
import { mailTradeInfoRequested } from './trade-mails';
import { noticeInfoRequested } from './trade-notices';
import { reencodeTradePhoto, type ReencodedPhoto } from './trade-photo';
import { getTradeForOperators } from './trade-review.service';
import { codeHashesOf, recordDuplicates } from './trade-duplicates.service';
import type { TradeUpload } from './trade-upload';
import { getUserTrade, TRADE_NOT_FOUND } from './trades.service';
import * as trades from './trades.repository';

/**
 * "Ask the seller": an operator puts a question on a pending trade (info_requested), the seller
 * answers in words and photos, and the trade is back in the queue with both in its timeline.
 */

/**
 * Asks the seller about a pending trade. Follows the claim rule of every review action (the
 * caller's claim, or one taken on the way; another operator's live claim blocks) and ends the
 * claim: the trade leaves the queue until the seller answers. The seller is mailed after commit.
 */
export async function requestTradeInfo(
  ctx: AppContext,
  options: { actor: Actor; tradeId: string; input: RequestInfoInput },
) {
  const { actor, input } = options;
  if (!isUuid(options.tradeId)) throw new AppError('NOT_FOUND', TRADE_NOT_FOUND, { field: 'id' });
  const now = ctx.clock.now();
  const { asked, seller } = await ctx.db.transaction(async (tx) => {
    const trade = await lockPendingTrade(tx, options.tradeId, actor);
    await claimForDecision(tx, trade, actor, now);
    const row = await trades.updateTrade(tx, trade.id, { ...endedClaim, status: 'info_requested' });
    await insertTradeEvent(tx, {
      tradeId: trade.id,
      kind: 'info_requested',
      actorUserId: actor.userId,
      message: input.message,
      createdAt: now,
    });
    await recordAudit(tx, {
      actor,
      action: 'trade.request_info',
      targetType: 'trade',
      targetId: trade.id,
      before: { status: trade.status },
      after: { status: row.status, message: input.message },
    });
    await noticeInfoRequested(tx, row, { question: input.message, at: now });
    const [owner] = await trades.findSellers(tx, [trade.userId]);
    return { asked: row, seller: owner };
  });
  const view = await getTradeForOperators(ctx, asked.id);
  if (seller) {
    await mailTradeInfoRequested(ctx, {
      to: seller,
      trade: asked,
      cardName: view.gift_card.name,
      question: input.message,
    });
  }
  return view;
}

const notFound = () => new AppError('NOT_FOUND', TRADE_NOT_FOUND, { field: 'trade_id' });

/** The trade's status and photo room, checked before any photo is decoded. */
async function checkCanAnswer(ctx: AppContext, tradeId: string, userId: string, photos: number) {
  const [record] = isUuid(tradeId) ? await trades.loadTradeRecords(ctx.db, [tradeId]) : [];
  if (!record || record.trade.userId !== userId) throw notFound();
  if (record.trade.status !== 'info_requested') throw notAsked(record.trade.status);
  checkPhotoRoom((await countTradePhotos(ctx.db, tradeId)).count, photos);
}

const notAsked = (status: trades.TradeRow['status']) =>
  status === 'pending'
    ? new AppError('CONFLICT', TRADE_STEP_MESSAGES.NOT_ASKED, {
        domainCode: 'WRONG_STATUS',
        field: 'trade_id',
      })
    : wrongStatus(status, 'trade_id');

/** At most 5 photos an answer, and 20 a trade in all (its first photos included). */
function checkPhotoRoom(held: number, adding: number) {
  if (adding > TRADE_ANSWER_IMAGES_MAX) {
    throw new AppError('BAD_REQUEST', TRADE_STEP_MESSAGES.TOO_MANY_ANSWER_PHOTOS, {
      field: 'images',
    });
  }
  const room = Math.max(TRADE_IMAGES_PER_TRADE_MAX - held, 0);
  if (adding > room) {
    throw new AppError('BAD_REQUEST', TRADE_STEP_MESSAGES.tooManyTradePhotos(room), {
      field: 'images',
    });
  }
}

/**
 * The seller answers the question on their trade: text and 0–5 photos, re-encoded like the
 * first ones and kept with the answer (a trade event). The trade goes back to pending, in its
 * old place in the oldest-first queue. Everything is checked before the photos are stored, and
 * again under the row lock before anything is written.
 */
export async function respondToTrade(
  ctx: AppContext,
  options: { userId: string; upload: TradeUpload },
) {
  const fields = parseOrThrow(RespondTradeFieldsSchema, options.upload.fields);
  const tradeId = fields.trade_id;
  await checkCanAnswer(ctx, tradeId, options.userId, options.upload.photos.length);

  // One at a time, as at submission: a decoded phone photo is ~200 MB of pixels.
  const photos: ReencodedPhoto[] = [];
  for (const bytes of options.upload.photos) photos.push(await reencodeTradePhoto(bytes));
  const objects = photos.map((photo) => ({
    key: `trades/${tradeId}/answer-${randomBytes(8).toString('hex')}.webp`,
    bytes: photo.webp,
    contentType: 'image/webp',
  }));

  const now = ctx.clock.now();
  // Photos first, then the answer that names them; a failure of either leaves neither.
  await storeThenCommit(ctx, objects, () =>
    ctx.db.transaction(async (tx) => {
      const trade = await trades.lockTrade(tx, tradeId, options.userId);
      if (!trade) throw notFound();
      if (trade.status !== 'info_requested') throw notAsked(trade.status);
      const { count, nextPosition } = await countTradePhotos(tx, tradeId);
      checkPhotoRoom(count, photos.length);
      const event = await insertTradeEvent(tx, {
        tradeId,
        kind: 'info_provided',
        actorUserId: options.userId,
        message: fields.comment,
        createdAt: now,
      });
      const images =
        photos.length > 0
          ? await trades.insertTradeImages(
              tx,
              photos.map((photo, index) => ({
                tradeId,
                eventId: event.id,
                position: nextPosition + index,
                storageKey: objects[index]?.key ?? '',
                width: photo.width,
                height: photo.height,
                bytes: photo.webp.length,
              })),
            )
          : [];
      // An answer can carry the card a second time (a code in the words, a clearer photo): it is
      // checked against every other trade as the first submission was.
      await recordDuplicates(tx, {
        tradeId,
        codeHashes: codeHashesOf(ctx, fields.comment),
        photos: images.map((image) => ({
          imageId: image.id,
          phash: photos[image.position - nextPosition]?.phash ?? 0n,
        })),
      });
      await trades.updateTrade(tx, tradeId, { status: 'pending' });
    }),
  );
  return getUserTrade(ctx, { userId: options.userId, tradeId });
}
