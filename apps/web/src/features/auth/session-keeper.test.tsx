import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { USER_ID_STORAGE_KEY } from '@karta/shared/constants';
import { renderApp, signedInState } from '../../testing/render';
import { testUser } from '../../testing/server';

const TRADES = '/dashboard/overview/recent-transactions/trade-history';

/** What the browser tells this tab when another tab changes local storage. */
const fromAnotherTab = (key: string, newValue: string | null) =>
  window.dispatchEvent(
    new StorageEvent('storage', {
      key,
      oldValue: testUser.id,
      newValue,
      storageArea: localStorage,
    }),
  );

describe('the session keeper across tabs (decision 053)', () => {
  it('another tab signing out (online or not) ends this tab’s session at once', async () => {
    const { store, router } = renderApp(TRADES, { preloadedState: signedInState() });
    await screen.findByRole('heading', { level: 1 });
    // Another key changing says nothing about the session.
    fromAnotherTab('karta:install-dismissed-at', '1');
    expect(store.getState().auth.token).toBeTruthy();

    localStorage.removeItem(USER_ID_STORAGE_KEY);
    fromAnotherTab(USER_ID_STORAGE_KEY, null);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
    expect(store.getState().auth).toMatchObject({ token: '', user: null, remembered: null });
  });
});
