import type { FastifyRequest } from 'fastify';
import { TRADE_IMAGE_MAX_BYTES } from '@karta/shared/constants';
import {
  SUPPORT_BODY_MAX,
  SUPPORT_MESSAGES,
  SUPPORT_PHOTOS_FIELD,
  SUPPORT_PHOTOS_MAX,
} from '@karta/shared/schemas/support';
import { AppError } from '../../lib/app-error';
import { readWholeFile, toUploadError, type UploadLimitErrors } from '../../lib/multipart-errors';
import { PHOTO_TOO_LARGE } from '../trades/trade-photo';

/** What a message brings: its fields (checked by the caller's schema) and its photos' bytes. */
export interface SupportMessageUpload {
  fields: unknown;
  photos: Buffer[];
}

/** The multipart limits of a message: 3 photos of 5 MB, three short text fields. */
export const SUPPORT_MULTIPART_LIMITS = {
  files: SUPPORT_PHOTOS_MAX,
  fileSize: TRADE_IMAGE_MAX_BYTES,
  fields: 3,
  // 2,000 characters are at most 8,000 bytes of UTF-8.
  fieldSize: SUPPORT_BODY_MAX * 4,
  parts: SUPPORT_PHOTOS_MAX + 3,
  headerPairs: 50,
};

const LIMITS: UploadLimitErrors = {
  fileTooLarge: () =>
    new AppError('PAYLOAD_TOO_LARGE', PHOTO_TOO_LARGE, { field: SUPPORT_PHOTOS_FIELD }),
  tooManyFiles: () =>
    new AppError('BAD_REQUEST', SUPPORT_MESSAGES.TOO_MANY_PHOTOS, { field: SUPPORT_PHOTOS_FIELD }),
  unexpectedFields: () => new AppError('BAD_REQUEST', 'The message has fields it should not have.'),
  notMultipart: () =>
    new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Send the message as JSON, or as multipart/form-data with the photos in "${SUPPORT_PHOTOS_FIELD}".`,
    ),
};

/**
 * A message comes as JSON (text only) or as multipart/form-data (the same fields as text parts,
 * and up to 3 photos in "photos"). The multipart limits stop anything bigger while it streams
 * in; a file in any other field is refused unread.
 */
export async function readSupportMessage(request: FastifyRequest): Promise<SupportMessageUpload> {
  if (!request.isMultipart()) return { fields: request.body ?? {}, photos: [] };
  const fields: Record<string, string> = {};
  const photos: Buffer[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== SUPPORT_PHOTOS_FIELD) {
        part.file.resume();
        throw new AppError(
          'BAD_REQUEST',
          `Send the photos in the field "${SUPPORT_PHOTOS_FIELD}".`,
          {
            field: SUPPORT_PHOTOS_FIELD,
          },
        );
      }
      photos.push(await readWholeFile(part));
    }
  } catch (error) {
    throw toUploadError(error, LIMITS);
  }
  return { fields, photos };
}
