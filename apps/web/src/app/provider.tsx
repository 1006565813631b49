import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { Persistor } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import type { AppStore } from './store';

/** Redux, with the persisted auth slice loaded before the first render when there is one. */
export function AppProvider({
  store,
  persistor,
  children,
}: {
  store: AppStore;
  persistor?: Persistor;
  children: ReactNode;
}) {
  return (
    <Provider store={store}>
      {persistor ? (
        <PersistGate loading={null} persistor={persistor}>
          {children}
        </PersistGate>
      ) : (
        children
      )}
    </Provider>
  );
}
