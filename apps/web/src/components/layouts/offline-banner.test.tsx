import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, signedInState } from '../../testing/render';
import { api, makeToken, server, testUser } from '../../testing/server';
import { initialAuthState, loggedOut, rememberedOf } from '../../lib/session/auth-slice';
import { getStoredUserId, storeUserId } from '../../lib/user-id-storage';
import { SESSION_HEADER, startSessionKey } from '../../lib/session/session-key';
import { SAVED_AT_HEADER } from '../../lib/offline/service-worker';
import { makeTrade, pageOf } from '../../testing/trade-fixtures';

const OFFLINE = /You are offline — showing what you last saw/;
const TRADES = '/dashboard/overview/recent-transactions/trade-history';

/** The trades list as the service worker answers it from its cache, saved at 14:02 Lagos. */
const savedTradesAnswer = () =>
  HttpResponse.json(
    { status: 'success', message: 'OK', data: pageOf([makeTrade()]) },
    { headers: { [SAVED_AT_HEADER]: '2026-11-21T13:02:00.000Z' } },
  );

const goOffline = () => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  window.dispatchEvent(new Event('offline'));
};

afterEach(() => {
  // Back online for the next test (the connection state is the module's).
  vi.restoreAllMocks();
  window.dispatchEvent(new Event('online'));
});

describe('offline reading (decision 041)', () => {
  it('offline in the open app, says so with the time of the last answer, and what waits for the network', async () => {
    renderApp(TRADES, { preloadedState: signedInState() });
    await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
    expect(screen.queryByText(OFFLINE)).not.toBeInTheDocument();
    goOffline();
    // Answers fetched a moment ago: today, so the time alone.
    expect(
      await screen.findByText(/^You are offline — showing what you last saw at \d{2}:\d{2}$/),
    ).toBeInTheDocument();
    expect(screen.getByText(/need a connection/)).toBeInTheDocument();
  });

  it('opened without a network, keeps the remembered seller reading instead of signing out, and restores the session when the network is back', async () => {
    storeUserId(testUser.id);
    const sessionKey = startSessionKey();
    const sessionsAsked: (string | null)[] = [];
    let isNetworkDown = true;
    server.use(
      // Offline, only the service worker answers, from what it saved for the session the
      // request names; nothing else is sent.
      http.get(api('/trade/fetch_trade/:userId'), ({ request }) => {
        sessionsAsked.push(request.headers.get(SESSION_HEADER));
        return isNetworkDown ? savedTradesAnswer() : undefined;
      }),
      http.all(/.*/, () => (isNetworkDown ? HttpResponse.error() : undefined)),
      http.post(api('/user/refresh_token/:userId'), () =>
        isNetworkDown
          ? HttpResponse.error()
          : HttpResponse.json({
              status: 'success',
              message: 'ok',
              token: makeToken(),
              data: testUser,
            }),
      ),
    );
    const { router, store } = renderApp(TRADES, {
      // What redux-persist brings back after a reload (decision 053); no token, no profile yet.
      preloadedState: { auth: { ...initialAuthState, remembered: rememberedOf(testUser) } },
    });
    expect(await screen.findByText('Showing 1–1 of 1 trades')).toBeInTheDocument();
    // The service worker saved the list on another day: the date too (13:02 UTC, 14:02 Lagos).
    expect(
      await screen.findByText('You are offline — showing what you last saw at 21 Nov 2026, 14:02'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(TRADES);
    expect(getStoredUserId()).toBe(testUser.id);
    expect(store.getState().auth.token).toBeUndefined();
    // The request names this session, so the worker can serve what this session saved.
    expect(sessionsAsked).toContain(sessionKey);
    // The remembered first name greets; the rest of the profile was never on the disk.
    expect(
      screen.getByRole('heading', { name: `Welcome back, ${testUser.first_name}` }),
    ).toBeInTheDocument();

    isNetworkDown = false;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => {
      expect(store.getState().auth.token).toBeTruthy();
    });
    await waitFor(() => {
      expect(screen.queryByText(OFFLINE)).not.toBeInTheDocument();
    });
    expect(router.state.location.pathname).toBe(TRADES);
  });

  it('empties every session’s saved answers on sign-out, and keeps the shell', async () => {
    const deleted: string[] = [];
    server.use(http.get(api('/trade/fetch_trade/:userId'), savedTradesAnswer));
    vi.stubGlobal('caches', {
      keys: () =>
        Promise.resolve([
          'karta-shell-v1',
          'karta-personal-AAAAAAAAAAAAAAAAAAAAAA',
          'karta-personal',
        ]),
      delete: (name: string) => {
        deleted.push(name);
        return Promise.resolve(true);
      },
    });
    const { store } = renderApp(TRADES, { preloadedState: signedInState() });
    await screen.findByText('Showing 1–1 of 1 trades');
    store.dispatch(loggedOut());
    await waitFor(() => {
      expect(deleted.sort()).toEqual(['karta-personal', 'karta-personal-AAAAAAAAAAAAAAAAAAAAAA']);
    });
  });
});
