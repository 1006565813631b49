import type { FastifyRequest } from 'fastify';
import {
  KYC_DOCUMENT_MESSAGES,
  KYC_DOCUMENT_PARTS,
  type KycDocumentPart,
} from '@karta/shared/schemas/kyc-documents';
import { AppError } from '../../lib/app-error';
import { readWholeFile, toUploadError, type UploadLimitErrors } from '../../lib/multipart-errors';
import { PHOTO_TOO_LARGE } from '../trades/trade-photo';

export interface KycDocumentUpload {
  fields: Record<string, string>;
  files: Partial<Record<KycDocumentPart, Buffer>>;
}

const KYC_UPLOAD_LIMITS: UploadLimitErrors = {
  fileTooLarge: () => new AppError('PAYLOAD_TOO_LARGE', PHOTO_TOO_LARGE),
  tooManyFiles: () => new AppError('BAD_REQUEST', KYC_DOCUMENT_MESSAGES.ONE_FILE_EACH),
  unexpectedFields: () => new AppError('BAD_REQUEST', KYC_DOCUMENT_MESSAGES.WRONG_FIELD),
  notMultipart: () =>
    new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the documents as multipart/form-data: id_type, id_number, address, and the photos id_front, id_back, selfie and proof_of_address.',
    ),
};

const isPart = (name: string): name is KycDocumentPart =>
  (KYC_DOCUMENT_PARTS as readonly string[]).includes(name);

/**
 * Reads the documents form: its text fields and one file in each of the four photo fields, at
 * most 5 MB each (the multipart limits stop anything bigger while it streams in; the error
 * names the field being read). A file in another field, or a second file in one, is refused
 * unread.
 */
export async function readKycDocumentUpload(request: FastifyRequest): Promise<KycDocumentUpload> {
  const fields: Record<string, string> = {};
  const files: KycDocumentUpload['files'] = {};
  let reading: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (!isPart(part.fieldname) || files[part.fieldname]) {
        part.file.resume();
        throw new AppError(
          'BAD_REQUEST',
          isPart(part.fieldname)
            ? KYC_DOCUMENT_MESSAGES.ONE_FILE_EACH
            : KYC_DOCUMENT_MESSAGES.WRONG_FIELD,
          { field: part.fieldname },
        );
      }
      reading = part.fieldname;
      files[part.fieldname] = await readWholeFile(part);
    }
  } catch (error) {
    const refused = toUploadError(error, KYC_UPLOAD_LIMITS);
    if (refused instanceof AppError && refused.statusCode === 413 && reading) {
      throw new AppError('PAYLOAD_TOO_LARGE', refused.message, { field: reading });
    }
    throw refused;
  }
  return { fields, files };
}
