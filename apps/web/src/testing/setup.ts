import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './server';
// The toast container is a lazy chunk in the app; loading it once up front keeps tests from
// racing its first import.
import '../components/layouts/toasts';

// jsdom has no layout: scrolling is a no-op there (ScrollRestoration calls it on navigation).
window.scrollTo = () => undefined;

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
  document.body.style.overflow = '';
});
afterAll(() => {
  server.close();
});
