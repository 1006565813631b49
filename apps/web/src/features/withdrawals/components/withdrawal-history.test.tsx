import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signedInState } from '../../../testing/render';

const TIMEOUT = { timeout: 5000 };

describe('withdrawal history and detail', () => {
  it('shows the filters (off until there are withdrawals) and a friendly empty state', async () => {
    renderApp('/dashboard/transaction-history/withdrawal', { preloadedState: signedInState() });
    const filters = await screen.findByRole('search', { name: 'Filter withdrawals' }, TIMEOUT);
    expect(within(filters).getByLabelText('Status')).toBeDisabled();
    expect(within(filters).getByRole('option', { name: 'All' })).toBeInTheDocument();
    expect(within(filters).getByLabelText('Date')).toBeDisabled();

    const list = screen.getByRole('region', { name: 'Withdrawals' });
    expect(within(list).getByRole('heading', { name: 'No withdrawals yet' })).toBeVisible();
    expect(
      within(list).getByRole('link', { name: 'See your withdrawal accounts' }),
    ).toHaveAttribute('href', '/dashboard/settings/account/withdrawal-account');
  });

  it('says a withdrawal was not found and links back to the list it came from', async () => {
    renderApp('/dashboard/overview/recent-transactions/withdrawal-history/WD-7', {
      preloadedState: signedInState(),
    });
    expect(
      await screen.findByRole('heading', { name: 'We could not find this withdrawal' }, TIMEOUT),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to withdrawal history' })).toHaveAttribute(
      'href',
      '/dashboard/overview/recent-transactions/withdrawal-history',
    );
  });

  it('links back to the Withdrawal tab when opened from the transaction history', async () => {
    renderApp('/dashboard/transaction-history/withdrawal/WD-7', {
      preloadedState: signedInState(),
    });
    expect(
      await screen.findByRole('link', { name: 'Back to withdrawals' }, TIMEOUT),
    ).toHaveAttribute('href', '/dashboard/transaction-history/withdrawal');
  });
});
