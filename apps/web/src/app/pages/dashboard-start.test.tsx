import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { USER_ID_STORAGE_KEY } from '@karta/shared/constants';
import { EARLY_DASHBOARD_REQUESTS_SCRIPT } from '@karta/shared/inline-scripts';
import { renderApp } from '../../testing/render';
import { api, makeToken, server, success, testUser } from '../../testing/server';
import { makeTrade, pageOf } from '../../testing/trade-fixtures';

const TIMEOUT = { timeout: 5000 };

afterEach(() => {
  delete window.__kartaEarly;
  vi.unstubAllGlobals();
});

/**
 * Runs the dashboard page's own inline script (decision 074) as its head would. Its addresses
 * are relative, as in a page; Node's fetch needs them whole, so they are resolved here first.
 */
function runPageHeadScript() {
  const nodeFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    nodeFetch(typeof input === 'string' ? new URL(input, window.location.origin) : input, init),
  );
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the page's own script text, as the browser runs it
  const pageHeadScript = new Function(EARLY_DASHBOARD_REQUESTS_SCRIPT) as () => void;
  pageHeadScript();
}

describe('the dashboard from the session refresh’s answer (decision 077)', () => {
  it('shows the balance and the trades the refresh carried, with no wallet or trades request', async () => {
    localStorage.setItem(USER_ID_STORAGE_KEY, testUser.id);
    const sent = { refreshes: [] as string[], wallet: 0, trades: 0 };
    server.use(
      http.post(api(`/user/refresh_token/${testUser.id}`), ({ request }) => {
        sent.refreshes.push(new URL(request.url).search);
        return HttpResponse.json({
          status: 'success',
          message: 'Session refreshed',
          token: makeToken(),
          data: testUser,
          dashboard: {
            wallet: { balance: 987_654.32, pending_withdrawals: 0, currency: 'NGN' },
            trades: pageOf([makeTrade({ reference: 'KT-FROMREFR' })]),
          },
        });
      }),
      http.get(api(`/transaction/wallet/${testUser.id}`), () => {
        sent.wallet += 1;
        return success({ balance: 1, pending_withdrawals: 0, currency: 'NGN' });
      }),
      http.get(api(`/trade/fetch_trade/${testUser.id}`), () => {
        sent.trades += 1;
        return success(pageOf([]));
      }),
    );

    runPageHeadScript();
    renderApp('/dashboard/overview');

    const wallet = await screen.findByRole('region', { name: 'Naira wallet' }, TIMEOUT);
    expect(await within(wallet).findByText('₦987,654.32', {}, TIMEOUT)).toBeVisible();
    expect(await screen.findByText('KT-FROMREFR', {}, TIMEOUT)).toBeVisible();
    // One request in all: the refresh, asking for the dashboard's data with it.
    expect(sent).toEqual({ refreshes: ['?include=dashboard'], wallet: 0, trades: 0 });
  });
});
