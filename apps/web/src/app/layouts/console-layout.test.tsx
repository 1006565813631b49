import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, signedInState, signedOutState } from '../../testing/render';
import { makeAdminTrade, serveReview } from '../../testing/review-fixtures';
import { api, server, success, testUser } from '../../testing/server';

const TIMEOUT = { timeout: 5000 };

describe('operator console guard and shell', () => {
  it('sends a guest to /login, remembering the console as the way back', async () => {
    const { router } = renderApp('/console/trades', { preloadedState: signedOutState() });
    // The console is a lazy chunk: on a busy machine it takes longer than waitFor's 1 s.
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    }, TIMEOUT);
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/console/trades' } });
  });

  it('tells a signed-in user without the operator role that the area is not for them', async () => {
    const { router } = renderApp('/console/trades', { preloadedState: signedInState() });
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'This area is for Karta operators' },
        TIMEOUT,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(screen.queryByRole('heading', { name: 'Trade review' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/console/trades');
  });

  it('opens the pending queue for an operator, with their name and Sign out', async () => {
    serveReview([makeAdminTrade()], testUser.id);
    const { router } = renderApp('/console/trades', {
      preloadedState: signedInState({ role: 'operator' }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Trade review' }, TIMEOUT),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/console/trades');
    const header = screen.getByRole('banner');
    expect(header).toHaveTextContent('Amaka Obi');
    expect(within(header).getByRole('link', { name: 'Trade review' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(header).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('signs the operator out after the confirmation, back to the login page', async () => {
    serveReview([], testUser.id);
    server.use(http.post(api('/auth/signout'), () => success(null, 'Signed out')));
    const { router, user } = renderApp('/console/trades', {
      preloadedState: signedInState({ role: 'admin' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Sign out' }, TIMEOUT));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out of Karta?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out of this device' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
  });

  it('shows the Operator console link in the dashboard only to operators and admins', async () => {
    const first = renderApp('/dashboard/faqs', {
      preloadedState: signedInState({ role: 'operator' }),
    });
    const menu = await screen.findByRole('navigation', { name: 'Dashboard' }, TIMEOUT);
    expect(within(menu).getByRole('link', { name: 'Operator console' })).toHaveAttribute(
      'href',
      '/console',
    );
    first.unmount();

    renderApp('/dashboard/faqs', { preloadedState: signedInState() });
    const userMenu = await screen.findByRole('navigation', { name: 'Dashboard' }, TIMEOUT);
    expect(within(userMenu).queryByRole('link', { name: 'Operator console' })).toBeNull();
  });
});
