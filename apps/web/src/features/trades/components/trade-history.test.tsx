import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signedInState } from '../../../testing/render';

const TIMEOUT = { timeout: 5000 };

describe('trade history and detail', () => {
  it('shows the filters (off until there are trades) and a friendly empty state', async () => {
    renderApp('/dashboard/transaction-history/trades', { preloadedState: signedInState() });
    const filters = await screen.findByRole('search', { name: 'Filter trades' }, TIMEOUT);
    const status = within(filters).getByLabelText('Status');
    expect(status).toBeDisabled();
    expect(status).toHaveValue('All');
    expect(within(filters).getByLabelText('Date')).toBeDisabled();
    expect(filters).toHaveAccessibleDescription('Filters switch on once you have trades to sort.');

    const list = screen.getByRole('region', { name: 'Trades' });
    expect(within(list).getByRole('heading', { name: 'No trades yet' })).toBeVisible();
    expect(list).toHaveTextContent('mobile app');
    expect(within(list).getByRole('link', { name: 'See what your card is worth' })).toHaveAttribute(
      'href',
      '/dashboard/rate-calculator',
    );
  });

  it('says a trade was not found and links back to the list it came from', async () => {
    renderApp('/dashboard/transaction-history/trades/TRD-42', { preloadedState: signedInState() });
    expect(
      await screen.findByRole('heading', { name: 'We could not find this trade' }, TIMEOUT),
    ).toBeVisible();
    expect(screen.getByText('TRD-42')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to trades' })).toHaveAttribute(
      'href',
      '/dashboard/transaction-history/trades',
    );
  });

  it('links back to the overview tab when opened from the overview', async () => {
    renderApp('/dashboard/overview/recent-transactions/trade-history/TRD-42', {
      preloadedState: signedInState(),
    });
    expect(
      await screen.findByRole('link', { name: 'Back to trade history' }, TIMEOUT),
    ).toHaveAttribute('href', '/dashboard/overview/recent-transactions/trade-history');
  });
});
