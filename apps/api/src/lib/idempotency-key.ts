import { createHash } from 'node:crypto';
import { z } from 'zod';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '@karta/shared/constants';
import { AppError } from './app-error';

const keyRequired = (what: string) =>
  `Send an Idempotency-Key header (up to ${String(IDEMPOTENCY_KEY_MAX_LENGTH)} characters) with each ${what}.`;

/**
 * The headers of a money call (docs/api.md#idempotency): an Idempotency-Key is required, and a
 * missing, blank or overlong one is refused (400, field `idempotency_key`) before anything is
 * read. `what` finishes "with each …" ("withdrawal request", "adjustment").
 */
export const idempotencyKeyHeaders = (what: string) =>
  z.object({
    'idempotency-key': z
      .string({ error: keyRequired(what) })
      .trim()
      .min(1, keyRequired(what))
      .max(IDEMPOTENCY_KEY_MAX_LENGTH, keyRequired(what))
      .meta({
        description: `A key of your choosing, up to ${String(IDEMPOTENCY_KEY_MAX_LENGTH)} characters (a UUID is usual): the same key with the same body answers what the first call answered; with another body, 409.`,
        example: '6f1c2a4e-8b9d-4c3e-a1f0-2b7d9e5c4a18',
      }),
  });

/** The same key sent again with another body: a 409 that changes nothing. */
export const idempotencyKeyReused = (words: string) =>
  new AppError('CONFLICT', words, { field: 'idempotency_key' });

/** What two calls must share to be one: a hash of the request's meaningful fields. */
export const requestHashOf = (fields: Record<string, string>) =>
  createHash('sha256').update(JSON.stringify(fields)).digest('hex');
