import type { FastifyRequest } from 'fastify';
import { TRADE_IMAGES_MAX, TRADE_IMAGES_MIN } from '@karta/shared/constants';
import { AppError } from '../../lib/app-error';
import { readWholeFile, toUploadError, type UploadLimitErrors } from '../../lib/multipart-errors';
import { PHOTO_TOO_LARGE } from './trade-photo';

const PHOTOS_FIELD = 'images';
const TOO_MANY_PHOTOS = `Add at most ${String(TRADE_IMAGES_MAX)} photos to a trade.`;
export const NO_PHOTOS = `Add at least ${String(TRADE_IMAGES_MIN)} photo of the card.`;

export interface TradeUpload {
  fields: Record<string, string>;
  photos: Buffer[];
}

/** The add-trade form's limits, in words a seller can act on. */
const TRADE_UPLOAD_LIMITS: UploadLimitErrors = {
  fileTooLarge: () => new AppError('PAYLOAD_TOO_LARGE', PHOTO_TOO_LARGE, { field: PHOTOS_FIELD }),
  tooManyFiles: () => new AppError('BAD_REQUEST', TOO_MANY_PHOTOS, { field: PHOTOS_FIELD }),
  unexpectedFields: () =>
    new AppError('BAD_REQUEST', 'The trade form has fields it should not have.'),
  notMultipart: () =>
    new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the trade as multipart/form-data, with the photos in the field "images".',
    ),
};

/**
 * Reads the whole add-trade form: its text fields and up to 10 photos of at most 5 MB each
 * (multipart limits stop anything bigger while it streams in). A file in any other field is
 * refused, so nothing unexpected is ever buffered.
 */
export async function readTradeUpload(request: FastifyRequest): Promise<TradeUpload> {
  const fields: Record<string, string> = {};
  const photos: Buffer[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== PHOTOS_FIELD) {
        part.file.resume();
        throw new AppError('BAD_REQUEST', `Send the photos in the field "${PHOTOS_FIELD}".`, {
          field: PHOTOS_FIELD,
        });
      }
      photos.push(await readWholeFile(part));
    }
  } catch (error) {
    throw toUploadError(error, TRADE_UPLOAD_LIMITS);
  }
  return { fields, photos };
}
