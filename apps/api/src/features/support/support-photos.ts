import { randomBytes } from 'node:crypto';
import {
  SUPPORT_MESSAGES,
  SUPPORT_PHOTOS_FIELD,
  SUPPORT_PHOTOS_MAX,
} from '@karta/shared/schemas/support';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import type { NewObject } from '../../lib/store-then-commit';
import { createImageUrlSigner } from '../trades/trade-image-urls';
import { reencodeTradePhoto } from '../trades/trade-photo';
import { findPhoto, type PhotoRow } from './support.repository';

/** A photo re-encoded and ready to store, with what its row will record. */
export interface PreparedPhoto {
  object: NewObject;
  width: number;
  height: number;
}

/**
 * A message's photos, checked and re-encoded exactly like card photos (trade-photo.ts: a fresh
 * WebP from the decoded pixels, nothing of the original file kept), under a folder of the
 * conversation's seller. Done before any transaction: decoding takes time and holds no lock.
 */
export async function preparePhotos(userId: string, photos: Buffer[]): Promise<PreparedPhoto[]> {
  if (photos.length > SUPPORT_PHOTOS_MAX) {
    throw new AppError('BAD_REQUEST', SUPPORT_MESSAGES.TOO_MANY_PHOTOS, {
      field: SUPPORT_PHOTOS_FIELD,
    });
  }
  const folder = `support/${userId}/${randomBytes(8).toString('hex')}`;
  const prepared: PreparedPhoto[] = [];
  for (const [index, bytes] of photos.entries()) {
    let photo;
    try {
      photo = await reencodeTradePhoto(bytes);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      throw new AppError(error.code, error.message, { field: SUPPORT_PHOTOS_FIELD, cause: error });
    }
    prepared.push({
      object: {
        key: `${folder}/${String(index)}.webp`,
        bytes: photo.webp,
        contentType: 'image/webp',
      },
      width: photo.width,
      height: photo.height,
    });
  }
  return prepared;
}

const signerOf = (ctx: AppContext) => createImageUrlSigner(ctx.keys.photoLinks);

/** A photo as both sides read it: a signed link that lasts about half an hour (decision 010). */
export const photoView = (ctx: AppContext, row: PhotoRow, now: Date) => ({
  url: signerOf(ctx).supportPhotoUrlFor(row.id, now),
  width: row.width,
  height: row.height,
});

/** A photo behind its signed link; anything else (expired, forged, unknown) is not found. */
export async function getSupportPhoto(
  ctx: AppContext,
  link: { id: string; expires: number; signature: string },
) {
  const notFound = new AppError('NOT_FOUND', 'We could not find this image.');
  const isSigned =
    isUuid(link.id) &&
    signerOf(ctx).isValidSupportPhoto(link.id, link.expires, link.signature, ctx.clock.now());
  if (!isSigned) throw notFound;
  const photo = await findPhoto(ctx.db, link.id);
  const object = photo ? await ctx.storage.get(photo.storageKey) : null;
  if (!object) throw notFound;
  return object;
}
