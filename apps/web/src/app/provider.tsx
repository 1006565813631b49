import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from './store';

/**
 * Redux around the app. The persisted user is not waited for (no PersistGate): the first paint
 * is the same for everyone (and matches the pre-rendered HTML), and the user arrives a moment
 * later, while the session is still being restored anyway.
 */
export function AppProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return <Provider store={store}>{children}</Provider>;
}
