import { randomBytes, randomUUID } from 'node:crypto';
import { TRADE_CANCELLABLE_STATUSES, type DeviceKind } from '@karta/shared/constants';
import {
  AddTradeFieldsSchema,
  type Trade,
  type TradeListQuery,
} from '@karta/shared/schemas/trades';
import type { AppContext } from '../../app-context';
import { cardValueKobo } from '@karta/shared/money';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { lagosDayRange } from '../../lib/lagos-time';
import { offsetOf, pageMeta } from '../../lib/paging';
import { storeThenCommit } from '../../lib/store-then-commit';
import { parseOrThrow } from '../../lib/validation';
import { createImageUrlSigner } from './trade-image-urls';
import { codeHashesOf, recordDuplicates } from './trade-duplicates.service';
import { reencodeTradePhoto, type ReencodedPhoto } from './trade-photo';
import { createTradeReference } from './trade-reference';
import { NO_PHOTOS, type TradeUpload } from './trade-upload';
import { toTradeView } from './trade-view';
import * as trades from './trades.repository';

export const TRADE_NOT_FOUND = 'We could not find this trade.';
const CATEGORY_UNAVAILABLE = 'This card category is not available. Choose another one.';

const signerOf = (ctx: AppContext) => createImageUrlSigner(ctx.keys.photoLinks);

async function viewOf(ctx: AppContext, tradeId: string): Promise<Trade> {
  const [record] = await trades.loadTradeRecords(ctx.db, [tradeId]);
  if (!record) throw new AppError('NOT_FOUND', TRADE_NOT_FOUND, { field: 'trade_id' });
  return toTradeView(record, signerOf(ctx), ctx.clock.now());
}

/**
 * A user offers a card. Everything is checked before anything is kept: the fields, the
 * category and amount range, then every photo by its bytes. The photos are stored under names
 * we make, then the trade and its photo rows are written in one transaction (lib/store-then-commit:
 * a store or database failure leaves neither rows nor files). The rate and the
 * naira value are fixed now, so a later rate change never alters what the user was promised.
 */
export async function createTrade(
  ctx: AppContext,
  options: { userId: string; device: DeviceKind; upload: TradeUpload },
): Promise<Trade> {
  const fields = parseOrThrow(AddTradeFieldsSchema, options.upload.fields);
  if (options.upload.photos.length === 0) {
    throw new AppError('BAD_REQUEST', NO_PHOTOS, { field: 'images' });
  }
  const found = isUuid(fields.subcategory_id)
    ? await trades.findTradableSubcategory(ctx.db, fields.subcategory_id)
    : undefined;
  if (!found) throw new AppError('BAD_REQUEST', CATEGORY_UNAVAILABLE, { field: 'subcategory_id' });
  const { subcategory, card } = found;
  if (fields.amount < subcategory.minAmount || fields.amount > subcategory.maxAmount) {
    throw new AppError(
      'BAD_REQUEST',
      `Enter an amount from ${String(subcategory.minAmount)} to ${String(subcategory.maxAmount)} ${subcategory.currency} for this category.`,
      { field: 'amount' },
    );
  }

  // One at a time: a 48 MP photo decoded is ~200 MB of pixels; ten at once would be 2 GB.
  const photos: ReencodedPhoto[] = [];
  for (const bytes of options.upload.photos) photos.push(await reencodeTradePhoto(bytes));

  const tradeId = randomUUID();
  const codeHashes = codeHashesOf(ctx, fields.comment);
  const named = photos.map((photo, position) => ({
    photo,
    position,
    key: `trades/${tradeId}/${String(position)}-${randomBytes(8).toString('hex')}.webp`,
  }));
  const stored: trades.NewTradeImage[] = named.map(({ photo, position, key }) => ({
    tradeId,
    position,
    storageKey: key,
    width: photo.width,
    height: photo.height,
    bytes: photo.webp.length,
  }));
  const objects = named.map(({ photo, key }) => ({
    key,
    bytes: photo.webp,
    contentType: 'image/webp',
  }));

  const now = ctx.clock.now();
  await storeThenCommit(ctx, objects, async () => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await ctx.db.transaction(async (tx) => {
          await trades.insertTrade(tx, {
            id: tradeId,
            reference: createTradeReference(),
            userId: options.userId,
            giftCardId: card.id,
            subcategoryId: subcategory.id,
            amount: fields.amount,
            currency: subcategory.currency,
            rateKobo: subcategory.rateKobo,
            expectedKobo: cardValueKobo(subcategory.rateKobo, fields.amount),
            comment: fields.comment,
            device: fields.device ?? options.device,
            ifNoAnswer: fields.if_no_answer,
            createdAt: now,
          });
          const images = await trades.insertTradeImages(tx, stored);
          await recordDuplicates(tx, {
            tradeId,
            codeHashes,
            photos: images.map((image) => ({
              imageId: image.id,
              phash: photos[image.position]?.phash ?? 0n,
            })),
          });
        });
        return;
      } catch (error) {
        if (!trades.referenceTaken(error) || attempt === 3) throw error;
      }
    }
  });
  return viewOf(ctx, tradeId);
}

/** The user's trades, newest first, filtered by status and Lagos days; or one by its id. */
export async function listUserTrades(
  ctx: AppContext,
  options: { userId: string; query: TradeListQuery },
) {
  const { query } = options;
  const filter = { userId: options.userId, status: query.status };
  const page = { limit: query.size, offset: offsetOf(query) };
  // Without a date range, the page, its records and the total are one statement.
  const { records, total } = query.date_query
    ? await rangePage(ctx, { filter: { ...filter, ...lagosDayRange(query.date_query) }, ...page })
    : await trades.loadUserTradePage(ctx.db, { ...filter, ...page });
  const signer = signerOf(ctx);
  const now = ctx.clock.now();
  return {
    data: records.map((record) => toTradeView(record, signer, now)),
    meta: pageMeta(query, total),
  };
}

/** A page of the trades made within Lagos days: the range needs a count of its own. */
async function rangePage(
  ctx: AppContext,
  options: { filter: trades.TradeFilter; limit: number; offset: number },
) {
  const { ids, total } = await trades.listTradeIds(ctx.db, options);
  return { records: await trades.loadTradeRecords(ctx.db, ids), total };
}

/** Another user's trade answers exactly like a missing one. */
export async function getUserTrade(ctx: AppContext, options: { userId: string; tradeId: string }) {
  const [record] = isUuid(options.tradeId)
    ? await trades.loadTradeRecords(ctx.db, [options.tradeId])
    : [];
  if (!record || record.trade.userId !== options.userId) {
    throw new AppError('NOT_FOUND', TRADE_NOT_FOUND, { field: 'trade_id' });
  }
  return toTradeView(record, signerOf(ctx), ctx.clock.now());
}

/** Why a trade can no longer be cancelled, in the seller's words. */
function notCancellable(status: trades.TradeRow['status']) {
  const words =
    status === 'awaiting_second_approval'
      ? 'A second member of our team is confirming this trade, so it can no longer be cancelled.'
      : status === 'counter_offered'
        ? 'We made you an offer on this trade: accept it or decline it instead.'
        : `This trade has already been ${status}.`;
  return new AppError('CONFLICT', words, { domainCode: 'ALREADY_DECIDED', field: 'trade_id' });
}

/**
 * The seller may withdraw a trade until an operator has decided it, also while a question of
 * ours waits for their answer; not once an approval is with a second operator.
 */
export async function cancelTrade(ctx: AppContext, options: { userId: string; tradeId: string }) {
  if (!isUuid(options.tradeId))
    throw new AppError('NOT_FOUND', TRADE_NOT_FOUND, { field: 'trade_id' });
  await ctx.db.transaction(async (tx) => {
    const trade = await trades.lockTrade(tx, options.tradeId, options.userId);
    if (!trade) throw new AppError('NOT_FOUND', TRADE_NOT_FOUND, { field: 'trade_id' });
    if (!(TRADE_CANCELLABLE_STATUSES as readonly string[]).includes(trade.status)) {
      throw notCancellable(trade.status);
    }
    await trades.updateTrade(tx, trade.id, { status: 'cancelled', cancelledAt: ctx.clock.now() });
  });
  return viewOf(ctx, options.tradeId);
}

/** A photo behind a signed link; anything else (expired, forged, unknown) is simply not found. */
export async function getTradePhoto(
  ctx: AppContext,
  options: { imageId: string; expires: number; signature: string },
) {
  const notFound = new AppError('NOT_FOUND', 'We could not find this photo.');
  const isSigned =
    isUuid(options.imageId) &&
    signerOf(ctx).isValid(options.imageId, options.expires, options.signature, ctx.clock.now());
  if (!isSigned) throw notFound;
  const image = await trades.findTradeImage(ctx.db, options.imageId);
  const object = image ? await ctx.storage.get(image.storageKey) : null;
  if (!object) throw notFound;
  return object;
}
