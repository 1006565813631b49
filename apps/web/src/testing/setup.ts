import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './server';
// The toast container is a lazy chunk in the app; loading it once up front keeps tests from
// racing its first import.
import '../components/layouts/toasts';

// Routes are lazy chunks: on a busy two-core machine (the whole suite, or CI beside other
// work) the first import of one takes over the 1 s Testing Library waits by default.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no layout: scrolling is a no-op there (ScrollRestoration calls it on navigation).
window.scrollTo = () => undefined;

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});
// Captured before any test can install fake timers, which would never fire it.
const nextTask = globalThis.setTimeout;

afterEach(async () => {
  cleanup();
  // Unmounting defers some work by a tick (a desk's claim release, lib/claims/use-desk-claim.ts):
  // it runs here, while the page exists, not after the file's jsdom is gone (where React's
  // update finds no window and Vitest fails the run with an unhandled error).
  await new Promise((resolve) => nextTask(resolve, 0));
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
  document.body.style.overflow = '';
});
afterAll(() => {
  server.close();
});
