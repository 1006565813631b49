import { isRejectedWithValue, type Middleware } from '@reduxjs/toolkit';
import { isQueryError, markShownInPlace, type QueryError } from '../api-error';
import { loggedOut } from './auth-slice';

/** The one 403 that is not the session (decision 061): staff without two-step sign-in. */
const TWO_FACTOR_REQUIRED = 'TWO_FACTOR_REQUIRED';

/** The line the console shows when the team's rule stops a staff member (docs/product.md). */
export const STAFF_TWO_FACTOR_LINE =
  'Your team requires two-step sign-in for the console. Turn it on to continue.';

/** True for a 403 whose envelope carries `code: "TWO_FACTOR_REQUIRED"`. */
export function isTwoFactorRequired(error: unknown): error is QueryError {
  if (!isQueryError(error) || error.status !== 403) return false;
  const body = error.data as { code?: unknown } | undefined;
  return body?.code === TWO_FACTOR_REQUIRED;
}

/**
 * Whether a console call has been refused for want of two-step sign-in since the last time it
 * was turned on: a tiny external store the console's layout reads with useSyncExternalStore.
 */
let isRequired = false;
const listeners = new Set<() => void>();
const setRequired = (value: boolean) => {
  if (isRequired === value) return;
  isRequired = value;
  for (const listener of listeners) listener();
};

export const twoFactorRequiredStore = {
  get: () => isRequired,
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Two-step sign-in is on now: the console may be tried again. */
  clear: () => {
    setRequired(false);
  },
};

/**
 * Notes the refusal and keeps it out of the toasts: the console leads to Security and says
 * why there, once (lib/error-toasts skips failures shown in place).
 */
export const twoFactorRequiredMiddleware: Middleware = () => (next) => (action) => {
  if (isRejectedWithValue(action) && isTwoFactorRequired(action.payload)) {
    markShownInPlace(action.payload);
    setRequired(true);
  }
  // The next person to sign in on this browser starts afresh.
  if (loggedOut.match(action)) setRequired(false);
  return next(action);
};
