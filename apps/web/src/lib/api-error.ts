import { MESSAGES } from '@karta/shared/messages';

interface ErrorBody {
  code?: unknown;
  message?: unknown;
  errors?: { field?: unknown; message?: unknown }[];
}

/** What RTK Query hands back for a failed call: an HTTP status and maybe our envelope. */
export interface QueryError {
  status: number | string;
  data?: unknown;
  error?: string;
}

export const isQueryError = (value: unknown): value is QueryError =>
  typeof value === 'object' && value !== null && 'status' in value;

/** The message a person should read (docs/product.md §8): the first server error, else the error's own. */
export function getErrorMessage(error: unknown): string {
  if (isQueryError(error)) {
    const body = error.data as ErrorBody | undefined;
    const first = body?.errors?.[0]?.message;
    if (typeof first === 'string' && first) return first;
    if (typeof body?.message === 'string' && body.message) return body.message;
    if (error.status === 'FETCH_ERROR') return 'We could not reach Karta. Check your connection.';
    if (error.error) return error.error;
  }
  if (error instanceof Error && error.message) return error.message;
  return MESSAGES.SOMETHING_WENT_WRONG;
}

/**
 * Failed calls a screen has shown in place (under the field they concern, or in its own box):
 * lib/error-toasts does not toast those as well, so each problem is said once, where it is.
 */
const shownInPlace = new WeakSet<object>();

/** Says that this failure is on screen already; call it where the message is placed. */
export function markShownInPlace(error: unknown): void {
  if (typeof error === 'object' && error !== null) shownInPlace.add(error);
}

export const isShownInPlace = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && shownInPlace.has(error);

/** Field errors of our envelope, for forms that show them under their inputs. */
export function getFieldErrors(error: unknown): Record<string, string> {
  if (!isQueryError(error)) return {};
  const body = error.data as ErrorBody | undefined;
  const fields: Record<string, string> = {};
  for (const item of body?.errors ?? []) {
    if (typeof item.field === 'string' && typeof item.message === 'string' && !fields[item.field]) {
      fields[item.field] = item.message;
    }
  }
  return fields;
}

/** The domain code of the business rule that refused (the envelope's `code`), if any. */
export function getErrorCode(error: unknown): string | null {
  if (!isQueryError(error)) return null;
  const code = (error.data as ErrorBody | undefined)?.code;
  return typeof code === 'string' ? code : null;
}
