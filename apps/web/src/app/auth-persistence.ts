import { PERSISTED_AUTH_KEY } from '../lib/session/device-keys';
import type { AppStore } from './store';

/**
 * docs/product.md §3: the signed-in user survives a reload (what the device remembers of them, decision
 * 053). redux-persist (persist-auth.ts, about 2.5 kB
 * gzip) loads only when there is something to restore (the key is in localStorage) or to save
 * (a signed-in user arrived in the store): a guest reading the public pages never downloads it
 * (docs/decisions/014-react-runtime.md). Resolves once persistence runs.
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
      if (store.getState().auth.remembered) start();
    });
    if (localStorage.getItem(PERSISTED_AUTH_KEY) !== null || store.getState().auth.remembered)
      start();
  });
}
