import type { z } from 'zod';
import { AppError } from './app-error';
import { assertStorableText } from './storable-text';

/**
 * Parses input that did not come through a route schema (multipart fields) and fails the way
 * route validation does: 400, one message per field, the first the schema raised. Text the
 * database cannot store is refused first, as the text guard does for JSON bodies.
 */
export function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  assertStorableText(input);
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const seen = new Set<string>();
  const errors = result.error.issues
    .map((issue) => ({ field: issue.path.join('.') || null, message: issue.message }))
    .filter((error) => !seen.has(String(error.field)) && seen.add(String(error.field)));
  throw new AppError('VALIDATION', errors[0]?.message ?? 'Invalid request', { errors });
}
