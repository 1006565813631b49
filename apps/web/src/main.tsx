import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { routes } from './app/routes';
import { createPersistor, makeStore } from './app/store';
import './index.css';

const store = makeStore();
const persistor = createPersistor(store);
const router = createBrowserRouter(routes);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <AppProvider store={store} persistor={persistor}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
}
