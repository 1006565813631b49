import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, signedInState } from '../../../testing/render';
import { makeSellerProfile, serveSellers } from '../../../testing/sellers-fixtures';
import { api, failure, server } from '../../../testing/server';

const TIMEOUT = { timeout: 5000 };
const operator = () => signedInState({ role: 'operator' });

describe('seller search', () => {
  it('finds a seller by the start of the e-mail and opens their page', async () => {
    const { requests } = serveSellers();
    const { user, router } = renderApp('/console/users', { preloadedState: operator() });
    expect(
      await screen.findByText(/search for a seller by the start of their e-mail/i, {}, TIMEOUT),
    ).toBeInTheDocument();

    await user.type(screen.getByLabelText('E-mail, phone, name or referral code'), 'BOLA.ad');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    const list = await screen.findByRole('list', { name: 'Sellers found' }, TIMEOUT);
    const row = within(list).getByRole('link');
    for (const text of [
      'Bola Adeyemi',
      'bola.adeyemi@example.com',
      '+2348055550101',
      'BOLA4K2Z',
      'Active',
    ]) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    // Joined 2 Oct 2026 at 10:15 in Lagos (09:15 UTC).
    expect(within(row).getByText('Joined 2 Oct 2026, 10:15')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–1 of 1 sellers')).toBeInTheDocument();
    expect(requests[0]?.url).toBe('/api/v1/admin/users?q=BOLA.ad&page=1');
    expect(router.state.location.search).toBe('?q=BOLA.ad');

    await user.click(row);
    expect(
      await screen.findByRole('heading', { name: 'Bola Adeyemi' }, TIMEOUT),
    ).toBeInTheDocument();
  });

  it('says so when nobody matches, and asks for two characters', async () => {
    serveSellers(makeSellerProfile());
    const { user } = renderApp('/console/users?q=zz', { preloadedState: operator() });
    expect(
      await screen.findByRole('heading', { name: 'No sellers found' }, TIMEOUT),
    ).toBeInTheDocument();

    const input = screen.getByLabelText('E-mail, phone, name or referral code');
    await user.clear(input);
    await user.type(input, 'z');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('Type at least 2 characters to search')).toBeInTheDocument();
  });

  it('offers a retry when the search fails', async () => {
    server.use(http.get(api('/admin/users'), () => failure(500, 'Something went wrong')));
    renderApp('/console/users?q=bola', { preloadedState: operator() });
    expect(
      await screen.findByText('We could not search the sellers.', {}, TIMEOUT),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
