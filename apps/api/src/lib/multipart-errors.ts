import type { MultipartFile } from '@fastify/multipart';
import { AppError } from './app-error';

/** What one upload route says when a client hits its limits, in words that route's users know. */
export interface UploadLimitErrors {
  /** A file above the per-file limit (FST_REQ_FILE_TOO_LARGE). */
  fileTooLarge: () => AppError;
  /** More files than the route takes (FST_FILES_LIMIT). */
  tooManyFiles: () => AppError;
  /** More parts or fields than the form has, or a `__proto__` field name. */
  unexpectedFields: () => AppError;
  /** A body that is not multipart/form-data at all. */
  notMultipart: () => AppError;
}

const CUT_OFF = 'The upload ended before it was complete. Check your connection and send it again.';
const NO_BOUNDARY = 'The upload could not be read: its Content-Type names no multipart boundary.';

/**
 * busboy's parse errors are plain Errors without a code, so their fixed texts are the only way
 * to know them: a body cut off before its closing boundary (a dropped connection, a truncated
 * or forged request), or a multipart Content-Type without a boundary. Both are the client's.
 */
const isCutOff = (message: string) =>
  message === 'Unexpected end of multipart data' ||
  message.endsWith('terminated early due to unexpected end of multipart data');

/** Thrown by readWholeFile; toUploadError turns it into the route's fileTooLarge. */
class FileCutAtLimit extends Error {
  readonly code = 'FST_REQ_FILE_TOO_LARGE';
}

/**
 * A file part's bytes, read whole, or the route's "too large" once the file passed the limit.
 *
 * Never `part.toBuffer()` alone. It notices the limit only when a chunk arrives after busboy
 * has marked the file truncated; when a chunk ends exactly on the limit (a client sending a file
 * in 64 KiB pieces against a 2 or 5 MiB limit, as browsers and curl do), busboy cuts the next
 * chunk to nothing, pushes no more data, and toBuffer returns the first bytes as the whole file.
 * The plugin's own 'limit' listener only records the error for the next `parts()` call, which
 * `request.file()` (the card image) never makes: so that route answered 200 with the image cut
 * to 2 MiB, unless the pieces happened to be merged on the way in (a slow first request after a
 * start). busboy sets `truncated` before the file ends, whatever the chunks; it is checked here.
 */
export async function readWholeFile(part: MultipartFile): Promise<Buffer> {
  const bytes = await part.toBuffer();
  if (part.file.truncated) throw new FileCutAtLimit('file truncated at the size limit');
  return bytes;
}

/**
 * Every error reading a multipart body (@fastify/multipart's codes and busboy's parse errors)
 * as the 4xx AppError a client can act on; anything else is returned unchanged (a real 500).
 */
export function toUploadError(error: unknown, limits: UploadLimitErrors): unknown {
  if (error instanceof AppError || !(error instanceof Error)) return error;
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return limits.fileTooLarge();
    case 'FST_FILES_LIMIT':
      return limits.tooManyFiles();
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return limits.unexpectedFields();
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return limits.notMultipart();
    case 'FST_MP_PREMATURE_CLOSE':
      return new AppError('BAD_REQUEST', CUT_OFF, { cause: error });
  }
  if (isCutOff(error.message)) return new AppError('BAD_REQUEST', CUT_OFF, { cause: error });
  if (error.message === 'Multipart: Boundary not found') {
    return new AppError('BAD_REQUEST', NO_BOUNDARY, { cause: error });
  }
  if (error.message === 'Unsupported Content-Type.') return limits.notMultipart();
  return error;
}
