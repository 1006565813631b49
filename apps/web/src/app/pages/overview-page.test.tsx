import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, signedInState } from '../../testing/render';
import { api, server, success, testUser } from '../../testing/server';

const TIMEOUT = { timeout: 5000 };
const BRANDS = ['Amazon', 'Apple', 'Steam', 'Google Play', 'Razer Gold'];

describe('dashboard overview (docs/product.md §2)', () => {
  it('redirects overview to the Trade History tab, with a welcome and the wallet', async () => {
    const { router } = renderApp('/dashboard/overview', { preloadedState: signedInState() });
    expect(
      await screen.findByRole('heading', { name: 'Welcome back, Amaka' }, TIMEOUT),
    ).toBeInTheDocument();
    await waitFor(() => {
      expect(router.state.location.pathname).toBe(
        '/dashboard/overview/recent-transactions/trade-history',
      );
    });
    expect(await screen.findByRole('heading', { name: 'No trades yet' }, TIMEOUT)).toBeVisible();
    const tabs = screen.getByRole('navigation', { name: 'Recent transactions' });
    expect(within(tabs).getByRole('link', { name: 'Trade History' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    const wallet = screen.getByRole('region', { name: 'Naira wallet' });
    expect(await within(wallet).findByText('Available balance', {}, TIMEOUT)).toBeVisible();
    expect(wallet).toHaveTextContent('Available balance₦0.00');
    expect(wallet).toHaveTextContent('once we approve it, its naira value lands here');
  });

  it('shows the wallet balance with separators, the pending withdrawals and a Trade button', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get(api(`/transaction/wallet/${testUser.id}`), async () => {
        await gate;
        return success({ balance: 1_250_000, pending_withdrawals: 20_000.5, currency: 'NGN' });
      }),
    );
    renderApp('/dashboard/overview', { preloadedState: signedInState() });
    const wallet = await screen.findByRole('region', { name: 'Naira wallet' }, TIMEOUT);
    expect(within(wallet).getByRole('status')).toHaveTextContent('Loading your balance...');
    release();
    expect(await within(wallet).findByText('₦1,250,000.00', {}, TIMEOUT)).toBeVisible();
    expect(wallet).toHaveTextContent('Available balance');
    expect(wallet).toHaveTextContent('Pending withdrawals: ₦20,000.50');
    expect(wallet).not.toHaveTextContent('once we approve it');
    expect(within(wallet).getByRole('link', { name: 'Trade a gift card' })).toHaveAttribute(
      'href',
      '/dashboard/trade',
    );
    // And in the header, on every dashboard page.
    expect(screen.getByRole('link', { name: 'Trade' })).toHaveAttribute('href', '/dashboard/trade');
  });

  it('shows a carousel of five gift card brands (docs/product.md §2)', async () => {
    renderApp('/dashboard/overview', { preloadedState: signedInState() });
    await screen.findByRole('heading', { name: 'Gift cards we buy' }, TIMEOUT);
    const section = screen.getByRole('region', { name: 'Gift cards we buy' });
    const carousel = within(section).getByRole('region', {
      name: 'Gift card brands, one at a time',
    });
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');

    // Every slide, shown or waiting its turn (the loop's copies of the ends are not slides).
    // (A hidden slide has no accessible name to compute, so its label is read as written.)
    const slides = within(carousel).getAllByRole('group', { hidden: true });
    expect(slides).toHaveLength(5);
    slides.forEach((slide, index) => {
      expect(slide).toHaveAttribute('aria-label', `${String(index + 1)} of 5`);
      expect(
        within(slide).getByRole('img', { hidden: true, name: `${BRANDS[index] ?? ''} gift card` }),
      ).toBeInTheDocument();
    });
    // One slide at a time: the first one is the one shown.
    expect(within(carousel).getByRole('group')).toHaveAccessibleName('1 of 5');
    expect(within(carousel).getAllByRole('button', { name: /^Go to slide/ })).toHaveLength(5);
  });

  it('switches to the Withdrawal History tab', async () => {
    const { user, router } = renderApp('/dashboard/overview/recent-transactions', {
      preloadedState: signedInState(),
    });
    const tabs = await screen.findByRole('navigation', { name: 'Recent transactions' }, TIMEOUT);
    await user.click(within(tabs).getByRole('link', { name: 'Withdrawal History' }));
    expect(
      await screen.findByRole('heading', { name: 'No withdrawals yet' }, TIMEOUT),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe(
      '/dashboard/overview/recent-transactions/withdrawal-history',
    );
    expect(within(tabs).getByRole('link', { name: 'Withdrawal History' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});

describe('transaction history (docs/product.md §2)', () => {
  it('redirects to the Trades tab and switches to Withdrawal', async () => {
    const { user, router } = renderApp('/dashboard/transaction-history', {
      preloadedState: signedInState(),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Transaction History' }, TIMEOUT),
    ).toBeInTheDocument();
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/dashboard/transaction-history/trades');
    });
    expect(await screen.findByRole('heading', { name: 'No trades yet' }, TIMEOUT)).toBeVisible();
    const tabs = screen.getByRole('navigation', { name: 'Transaction type' });
    expect(within(tabs).getByRole('link', { name: 'Trades' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await user.click(within(tabs).getByRole('link', { name: 'Withdrawal' }));
    expect(
      await screen.findByRole('heading', { name: 'No withdrawals yet' }, TIMEOUT),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard/transaction-history/withdrawal');
  });
});
