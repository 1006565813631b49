import type { AppStore } from './store';

/** Where redux-persist keeps the auth slice (its `persist:` prefix and the slice's name). */
export const PERSISTED_AUTH_KEY = 'persist:auth';

/**
 * Spec §3: the signed-in user survives a reload. redux-persist (persist-auth.ts, about 2.5 kB
 * gzip) loads only when there is something to restore (the key is in localStorage) or to save
 * (a user arrived in the store): a guest reading the public pages never downloads it
 * (docs/decisions/014). Resolves once persistence runs.
 */
export function keepAuthPersisted(store: AppStore): Promise<void> {
  return new Promise((resolve, reject) => {
    let isStarted = false;
    const start = () => {
      if (isStarted) return;
      isStarted = true;
      unsubscribe();
      import('./persist-auth')
        .then(({ persistAuth }) => {
          persistAuth(store);
          resolve();
        })
        .catch(reject);
    };
    const unsubscribe = store.subscribe(() => {
      if (store.getState().auth.user) start();
    });
    if (localStorage.getItem(PERSISTED_AUTH_KEY) !== null || store.getState().auth.user) start();
  });
}
