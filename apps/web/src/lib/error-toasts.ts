import { isRejectedWithValue, type Middleware } from '@reduxjs/toolkit';
import { MESSAGES } from '@karta/shared/messages';
import { getErrorMessage, isQueryError, isShownInPlace } from './api-error';
import { toast } from './toast';
import { isTwoFactorRequired } from './session/two-factor-required';

/**
 * docs/product.md §8: every failed call with a payload is told to the user, once. A 403 (after the one
 * refresh and retry) also says the session expired. A screen that shows the failure in place
 * (a wrong PIN under the PIN field) marks it while handling the rejection, which runs in
 * microtasks before this timer: such a failure is not toasted a second time.
 */
export const errorToastMiddleware: Middleware = () => (next) => (action) => {
  if (isRejectedWithValue(action) && isQueryError(action.payload)) {
    const error = action.payload;
    // A staff member without two-step sign-in is still signed in (decision 061).
    if (error.status === 403 && !isTwoFactorRequired(error)) toast.error(MESSAGES.SESSION_EXPIRED);
    setTimeout(() => {
      if (!isShownInPlace(error)) toast.error(getErrorMessage(error));
    }, 0);
  }
  return next(action);
};
