import type { FastifyRequest } from 'fastify';
import { REJECTION_PROOF_MESSAGES } from '@karta/shared/schemas/rejection-proofs';
import { AppError } from '../../lib/app-error';
import { readWholeFile, toUploadError, type UploadLimitErrors } from '../../lib/multipart-errors';
import { PHOTO_TOO_LARGE } from './trade-photo';

const IMAGE_FIELD = 'image';

const PROOF_UPLOAD_LIMITS: UploadLimitErrors = {
  fileTooLarge: () => new AppError('PAYLOAD_TOO_LARGE', PHOTO_TOO_LARGE, { field: IMAGE_FIELD }),
  tooManyFiles: () =>
    new AppError('BAD_REQUEST', REJECTION_PROOF_MESSAGES.ONE_IMAGE, { field: IMAGE_FIELD }),
  unexpectedFields: () =>
    new AppError('BAD_REQUEST', REJECTION_PROOF_MESSAGES.ONE_IMAGE, { field: IMAGE_FIELD }),
  notMultipart: () =>
    new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the proof as multipart/form-data, with the image in the field "image".',
    ),
};

/**
 * Reads the one proof image of a rejection (at most 5 MB; the multipart limits stop anything
 * bigger while it streams in). A file in any other field is refused unread.
 */
export async function readProofUpload(request: FastifyRequest): Promise<Buffer | undefined> {
  let image: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') continue;
      if (part.fieldname !== IMAGE_FIELD) {
        part.file.resume();
        throw PROOF_UPLOAD_LIMITS.unexpectedFields();
      }
      image = await readWholeFile(part);
    }
  } catch (error) {
    throw toUploadError(error, PROOF_UPLOAD_LIMITS);
  }
  return image;
}
