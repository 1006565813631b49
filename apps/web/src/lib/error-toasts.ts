import { isRejectedWithValue, type Middleware } from '@reduxjs/toolkit';
import { MESSAGES } from '@karta/shared/messages';
import { getErrorMessage, isQueryError } from './api-error';
import { toast } from './toast';

/**
 * Spec §8: every failed call with a payload is told to the user. A 403 (after the one refresh
 * and retry) also says the session expired.
 */
export const errorToastMiddleware: Middleware = () => (next) => (action) => {
  if (isRejectedWithValue(action) && isQueryError(action.payload)) {
    if (action.payload.status === 403) toast.error(MESSAGES.SESSION_EXPIRED);
    toast.error(getErrorMessage(action.payload));
  }
  return next(action);
};
