/**
 * Where uploaded files live (docs/ARCHITECTURE.md#ports-and-their-defaults): a local directory by default, an S3-compatible object
 * store when configured. Keys are always made by the server, never taken from a client.
 */
interface StoredObject {
  bytes: Buffer;
  contentType: string;
}

export interface Storage {
  /** Writes (or replaces) the object under key. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object, or null when nothing is stored under key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object under key; nothing stored there is not an error. */
  delete(key: string): Promise<void>;
}

/**
 * The store did not answer (unreachable, timed out, refused us): the request cannot go on and
 * the client is told to try again (503). Nothing is known to be missing: a missing object is
 * `get`'s null, never this.
 */
export class StorageUnavailableError extends Error {
  constructor(options?: ErrorOptions) {
    super('file storage is unavailable', options);
    this.name = 'StorageUnavailableError';
  }
}

/**
 * Segments of lower-case letters, digits, `-` and `_`, optionally with one extension, joined
 * by `/`: `cards/<uuid>/<hash>.webp`. No `.`/`..` segment, no leading slash, no backslash.
 */
const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(?:\/[a-z0-9][a-z0-9_-]*)*(?:\.[a-z0-9]+)?$/;

/** Throws unless key is one the server could have made; a guard against path tricks. */
export function assertStorageKey(key: string): void {
  if (key.length > 200 || !KEY_PATTERN.test(key)) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}
