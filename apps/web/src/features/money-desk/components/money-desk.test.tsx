import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signedInState } from '../../../testing/render';
import { makeDeskWithdrawal, serveMoneyDesk } from '../../../testing/money-desk-fixtures';

const TIMEOUT = { timeout: 5000 };

const fresh = makeDeskWithdrawal();
const stuck = makeDeskWithdrawal({
  id: '6f1c2d3e-0000-4000-8000-000000000002',
  transaction_id: 'wd_6f1c2d3e000040008000000000000002',
  account_number: '0123456789',
  amount: 1_000_000.5,
  is_stuck: true,
});

const renderDesk = (path = '/console/withdrawals') =>
  renderApp(path, { preloadedState: signedInState({ role: 'operator' }) });

describe('money desk', () => {
  it('lists stuck payouts first, then the newest, with amounts in naira and Lagos times', async () => {
    serveMoneyDesk([fresh, stuck], {
      summary: { stuck_count: 1, open_alert_count: 0, open_alerts: [] },
    });
    renderDesk();
    await screen.findByRole('heading', { level: 1, name: 'Money desk' }, TIMEOUT);

    const stuckList = await screen.findByRole('list', { name: 'Stuck payouts' }, TIMEOUT);
    expect(within(stuckList).getAllByRole('listitem')).toHaveLength(1);
    expect(stuckList).toHaveTextContent('wd_6f1c2d3e000040008000000000000002');
    expect(stuckList).toHaveTextContent('₦1,000,000.50');
    expect(stuckList).toHaveTextContent('Stuck');

    const all = await screen.findByRole('list', { name: 'All withdrawals' }, TIMEOUT);
    expect(within(all).getAllByRole('listitem')).toHaveLength(2);
    expect(all).toHaveTextContent('Amaka Obi · amaka.obi@example.com');
    expect(all).toHaveTextContent('21 Nov 2026, 14:02');
    expect(all).toHaveTextContent('₦25,000.00');
    expect(await screen.findByText('1 payout is stuck', {}, TIMEOUT)).toBeVisible();
    expect(screen.getByRole('link', { name: 'See the stuck payouts' })).toHaveAttribute(
      'href',
      '/console/withdrawals?status=stuck',
    );
  });

  it('raises open alerts above everything', async () => {
    serveMoneyDesk([fresh], {
      summary: {
        stuck_count: 0,
        open_alert_count: 1,
        open_alerts: [
          {
            id: 'al-1',
            withdrawal_id: fresh.id,
            transaction_id: fresh.transaction_id,
            kind: 'paid_after_refund',
            detail: 'The provider reports this payout paid after it was failed and refunded.',
            created_at: '2026-11-21T15:00:00.000Z',
            resolved_at: null,
          },
        ],
      },
    });
    renderDesk();
    const alert = await screen.findByRole('alert', { name: 'Payout alerts' }, TIMEOUT);
    expect(alert).toHaveTextContent('1 payout was paid after it was refunded');
    expect(within(alert).getByRole('link', { name: fresh.transaction_id })).toHaveAttribute(
      'href',
      `/console/withdrawals/${fresh.id}`,
    );
  });

  it('searches by account number and filters by status through the address', async () => {
    const desk = serveMoneyDesk([fresh, stuck]);
    const { user, router } = renderDesk();
    await screen.findByRole('list', { name: 'All withdrawals' }, TIMEOUT);

    await user.type(
      screen.getByRole('searchbox', { name: 'Reference, account number, seller name or e-mail' }),
      '0123456789',
    );
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const found = await screen.findByText('Showing 1–1 of 1 withdrawals', {}, TIMEOUT);
    expect(found).toBeVisible();
    expect(router.state.location.search).toBe('?q=0123456789');
    expect(desk.listRequests.at(-1)?.get('q')).toBe('0123456789');

    await user.click(screen.getByRole('link', { name: 'Failed' }));
    expect(
      await screen.findByRole('heading', { name: 'No withdrawal matches this search' }, TIMEOUT),
    ).toBeVisible();
    expect(desk.listRequests.at(-1)?.get('status')).toBe('failed');
    await user.click(screen.getByRole('link', { name: 'Clear search' }));
    expect(
      await screen.findByRole('heading', { name: 'No failed withdrawals' }, TIMEOUT),
    ).toBeVisible();
    expect(screen.getByText('No withdrawal has failed.')).toBeVisible();
  });
});
