import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, signedInState, signedOutState } from '../../testing/render';
import { makeAdminTrade, serveReview } from '../../testing/review-fixtures';
import { makeRateRow, serveRateSheet } from '../../testing/rate-sheet-fixtures';
import { setScreenWidth } from '../../testing/screen-width';
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
    const { router, user } = renderApp('/console/trades', {
      preloadedState: signedInState({ role: 'operator' }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Trade review' }, TIMEOUT),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/console/trades');
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Trade review' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // Who is signed in and Sign out are in the account's menu, under the initials.
    await user.click(within(header).getByRole('button', { name: 'Your account' }));
    expect(header).toHaveTextContent('Signed in as Amaka Obi');
    expect(within(header).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('signs the operator out after the confirmation, back to the login page', async () => {
    serveReview([], testUser.id);
    server.use(http.post(api('/auth/signout'), () => success(null, 'Signed out')));
    const { router, user } = renderApp('/console/trades', {
      preloadedState: signedInState({ role: 'admin' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Your account' }, TIMEOUT));
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
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

const desksOf = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the console header at 390 and 1280 px (decision 071)', () => {
  it('below 1280 px is one row: the desk open now and Menu, which lists the desks and the account and closes on a choice', async () => {
    setScreenWidth(390);
    serveReview([makeAdminTrade()], testUser.id);
    const { router, user } = renderApp('/console/trades', {
      preloadedState: signedInState({ role: 'operator' }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Trade review' }, TIMEOUT);
    const header = screen.getByRole('banner');
    // The desks are not in the row: it names the one open now.
    expect(within(header).queryByRole('navigation', { name: 'Operator console' })).toBeNull();
    expect(header).toHaveTextContent('Trade review');

    const menu = within(header).getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    const desks = within(header).getByRole('navigation', { name: 'Operator console' });
    // An operator's desks, in the list's order; the admins' desks are not among them.
    expect(desksOf(desks)).toEqual([
      'Overview',
      'Trade review',
      'Money desk',
      'Sellers',
      'KYC',
      'Support',
      'Rates',
      'Catalog',
    ]);
    expect(within(desks).getByRole('link', { name: 'Overview' })).toHaveFocus();
    const account = within(header).getByRole('navigation', { name: 'Your account' });
    expect(desksOf(account)).toEqual(['Security']);
    expect(header).toHaveTextContent('Signed in as Amaka Obi');
    expect(within(header).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    // The page behind the open menu is out of Tab's reach.
    expect(screen.getByRole('main', { hidden: true })).toHaveAttribute('inert');

    serveRateSheet([makeRateRow()]);
    await user.click(within(desks).getByRole('link', { name: 'Rates' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/console/rates');
    });
    await waitFor(() => {
      expect(header).toHaveTextContent('Rates');
    });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(within(header).queryByRole('navigation', { name: 'Operator console' })).toBeNull();

    // Escape closes it too, and gives the focus back to Menu.
    await user.click(menu);
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });

  it("from 1280 px has every desk of an admin in the row, and the account's menu under the initials", async () => {
    setScreenWidth(1280);
    serveReview([], testUser.id);
    const { user } = renderApp('/console/trades', {
      preloadedState: signedInState({ role: 'admin' }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Trade review' }, TIMEOUT);
    const header = screen.getByRole('banner');
    expect(within(header).queryByRole('button', { name: 'Menu' })).toBeNull();
    expect(desksOf(within(header).getByRole('navigation', { name: 'Operator console' }))).toEqual([
      'Overview',
      'Trade review',
      'Money desk',
      'Sellers',
      'KYC',
      'Support',
      'Rates',
      'Catalog',
      'Staff',
      'Books',
      'Audit trail',
    ]);
    const account = within(header).getByRole('button', { name: 'Your account' });
    expect(account).toHaveTextContent('AO');
    await user.click(account);
    expect(desksOf(within(header).getByRole('navigation', { name: 'Your account' }))).toEqual([
      'Security',
    ]);
    expect(within(header).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    // The desks stay in reach: the page is not covered at this width.
    expect(screen.getByRole('main')).not.toHaveAttribute('inert');
  });
});
