import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, signedInState, signedOutState } from '../../testing/render';
import { api, server, success, testUser } from '../../testing/server';

describe('site header (docs/product.md §2)', () => {
  it('links the logo home and shows the top navigation', async () => {
    renderApp('/about', { preloadedState: signedOutState() });
    // /about is a lazy route: the layout shows once its page has loaded.
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Karta home' })).toHaveAttribute(
      'href',
      '/home',
    );
    const nav = within(banner).getByRole('navigation', { name: 'Main' });
    const hrefs = {
      Home: '/home',
      About: '/about',
      Contact: '/contact',
      'Rate Calculator': '/rate-calculator',
    };
    for (const [name, href] of Object.entries(hrefs)) {
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(within(nav).getByRole('link', { name: 'About' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('offers Get Started, leading to /login, when signed out', async () => {
    const { user, router } = renderApp('/home', { preloadedState: signedOutState() });
    const banner = screen.getByRole('banner');
    expect(within(banner).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    await user.click(within(banner).getByRole('link', { name: 'Get Started' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
  });

  it('offers Dashboard, leading to /dashboard, when signed in', async () => {
    server.use(http.get(api('/auth/current_user'), () => success(testUser)));
    const { user, router } = renderApp('/home', { preloadedState: signedInState() });
    const banner = screen.getByRole('banner');
    expect(within(banner).queryByRole('link', { name: 'Get Started' })).not.toBeInTheDocument();
    await user.click(within(banner).getByRole('link', { name: 'Dashboard' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toMatch(/^\/dashboard/);
    });
  });

  it('shows Get Started while the session is still being checked', () => {
    renderApp('/home');
    expect(
      within(screen.getByRole('banner')).getByRole('link', { name: 'Get Started' }),
    ).toBeInTheDocument();
  });
});
