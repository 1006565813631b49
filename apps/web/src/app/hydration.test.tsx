import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { act } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../testing/server';
import { PRERENDERED_PAGES } from '../prerender-entry';
import { AppProvider } from './provider';
import { routes } from './routes';
import { makeStore } from './store';

const PRERENDERED_DIR = path.resolve(import.meta.dirname, '../../dist/prerendered');

/**
 * Every pre-rendered page, as the build wrote it (in Node, with no window), hydrates without a
 * warning on React's development build. The browser tests (e2e/hydration.e2e.ts) run the
 * production build, which reports a text mismatch but says nothing of an attribute that differs
 * ("A tree hydrated but some attributes…": React keeps the server's value).
 */
describe('pre-rendered pages hydrate', () => {
  it('are built (npm run build writes them)', () => {
    expect(existsSync(PRERENDERED_DIR), `${PRERENDERED_DIR}: run npm run build`).toBe(true);
  });

  it.each(PRERENDERED_PAGES)('%s with nothing logged', async (page: string) => {
    // The API never answers: the page stays as a first visitor sees it before any data.
    server.use(http.all('*/api/*', () => new Promise<never>(() => undefined)));
    const file = readFileSync(path.join(PRERENDERED_DIR, `${page.slice(1)}.html`), 'utf8');
    const html = /<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(file)?.[1] ?? '';
    window.history.replaceState(null, '', page);
    const lazyMatches = matchRoutes(routes, window.location)?.filter((match) => match.route.lazy);
    // As main.tsx does: the page's lazy route modules are loaded before hydrating.
    for (const match of lazyMatches ?? []) {
      const lazy = match.route.lazy;
      if (typeof lazy === 'function')
        Object.assign(match.route, { ...(await lazy()), lazy: undefined });
    }
    const root = document.createElement('div');
    root.innerHTML = html;
    document.body.append(root);
    const errors = vi.spyOn(console, 'error');
    const warnings = vi.spyOn(console, 'warn');
    const recovered: unknown[] = [];
    const app = (
      <StrictMode>
        <AppProvider store={makeStore()}>
          <RouterProvider router={createBrowserRouter(routes)} />
        </AppProvider>
      </StrictMode>
    );
    const hydrated = await act(async () =>
      hydrateRoot(root, app, { onRecoverableError: (error) => recovered.push(error) }),
    );
    expect(recovered).toEqual([]);
    expect(errors.mock.calls).toEqual([]);
    expect(warnings.mock.calls).toEqual([]);
    act(() => {
      hydrated.unmount();
    });
    root.remove();
  });
});
