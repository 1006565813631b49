/**
 * The local-storage keys a session leaves on the device besides docs/product.md §3's `user_id`
 * (USER_ID_STORAGE_KEY in packages/shared), named here so that sign-out can remove every one
 * (decision 053). `karta:install-dismissed-at` (the home-screen suggestion) and the tab's
 * history count in session storage are the device's, not the account's, and stay.
 */

/** Where redux-persist keeps the auth slice (its `persist:` prefix and the slice's name). */
export const PERSISTED_AUTH_KEY = 'persist:auth';

/** This sign-in's own id, which keys the service worker's saved answers (session-key.ts). */
export const SESSION_KEY_STORAGE_KEY = 'karta:session';

/** A sign-out made offline, for the server once the network is back (pending-sign-out.ts). */
export const PENDING_SIGN_OUT_KEY = 'karta:pending-sign-out';
