import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, holdSessionRefresh, server, success, testUser } from '../testing/server';
import { renderApp, signedInState, signedOutState } from '../testing/render';
import { storeUserId } from '../lib/user-id-storage';

describe('route guards and session restore (docs/product.md §2, §4)', () => {
  it('sends / to /home', async () => {
    const { router } = renderApp('/', { preloadedState: signedOutState() });
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/home');
    });
  });

  it('sends a guest from the dashboard to /login, remembering where they were going', async () => {
    const { router } = renderApp('/dashboard/faqs');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/dashboard/faqs' } });
  });

  it('shows the dashboard skeleton while the session is restored, then the dashboard', async () => {
    storeUserId(testUser.id);
    const refresh = holdSessionRefresh();
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('status')).toHaveTextContent('Restoring your session...');
    refresh.release();
    await waitFor(() => {
      expect(router.state.location.pathname).toBe(
        '/dashboard/overview/recent-transactions/trade-history',
      );
    });
  });

  it('sends a signed-in user away from guest pages to the dashboard', async () => {
    server.use(http.get(api('/auth/current_user'), () => success(testUser)));
    const { router } = renderApp('/login', { preloadedState: signedInState() });
    await waitFor(() => {
      expect(router.state.location.pathname).toMatch(/^\/dashboard/);
    });
  });
});

describe('page titles', () => {
  it('names each page in the tab, and a list inside a page by its page', async () => {
    const { router } = renderApp('/login', { preloadedState: signedOutState() });
    await waitFor(() => {
      expect(document.title).toBe('Log in | Karta');
    });
    await router.navigate('/no/such/page');
    await waitFor(() => {
      expect(document.title).toBe('Page not found | Karta');
    });
  });

  it('names dashboard pages, and the overview tab by the overview', async () => {
    // Verified, so the withdraw page stays (an unverified seller is sent on to verify the BVN).
    const { router } = renderApp('/dashboard/withdraw', {
      preloadedState: signedInState({ kyc_verified: true }),
    });
    await waitFor(() => {
      expect(document.title).toBe('Withdraw | Karta');
    });
    await router.navigate('/dashboard/overview/recent-transactions/withdrawal-history');
    await waitFor(() => {
      expect(document.title).toBe('Overview | Karta');
    });
  });
});
