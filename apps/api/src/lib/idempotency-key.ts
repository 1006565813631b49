import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '@karta/shared/constants';
import { AppError } from './app-error';

/**
 * The Idempotency-Key an admin's money call must carry (docs/ARCHITECTURE.md#api-conventions: the same key and body get
 * the same answer), trimmed; a missing or overlong one is a 400 that names the header. `what`
 * finishes "with each …" ("adjustment", "fail-and-refund").
 */
export function requireIdempotencyKey(raw: string | undefined, what: string): string {
  const key = raw?.trim();
  if (!key || key.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
    throw new AppError(
      'BAD_REQUEST',
      `Send an Idempotency-Key header (up to ${String(IDEMPOTENCY_KEY_MAX_LENGTH)} characters) with each ${what}.`,
      { field: 'idempotency_key' },
    );
  }
  return key;
}

/** The same key sent again with another body: a 409 that changes nothing. */
export const idempotencyKeyReused = (words: string) =>
  new AppError('CONFLICT', words, { field: 'idempotency_key' });

/** What two calls must share to be one: a hash of the request's meaningful fields. */
export const requestHashOf = (fields: Record<string, string>) =>
  createHash('sha256').update(JSON.stringify(fields)).digest('hex');
