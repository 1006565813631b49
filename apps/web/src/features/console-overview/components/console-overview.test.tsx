import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signedInState } from '../../../testing/render';
import { makeOverview, makePayoutAlert, serveOverview } from '../../../testing/overview-fixtures';

const TIMEOUT = { timeout: 5000 };

const renderOverview = (role: 'operator' | 'admin' = 'operator') =>
  renderApp('/console', { preloadedState: signedInState({ role }) });

const tile = (label: string) => screen.getByRole('link', { name: new RegExp(`^${label}`) });

describe('console overview', () => {
  it('shows each figure formatted, linked to the list behind it, with the time of the figures', async () => {
    serveOverview([makeOverview()]);
    renderOverview();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Overview' }, TIMEOUT),
    ).toBeVisible();
    await screen.findByText('Today in Lagos. Updated 14:02', {}, TIMEOUT);

    expect(tile('Pending trades')).toHaveTextContent('7Oldest waiting 42 min');
    expect(tile('Pending trades')).toHaveAttribute('href', '/console/trades');
    expect(tile('Waiting for a second approval')).toHaveAttribute(
      'href',
      '/console/trades?status=awaiting_second_approval',
    );
    expect(tile('Asked the seller')).toHaveAttribute(
      'href',
      '/console/trades?status=info_requested',
    );
    expect(tile('Time to decision today')).toHaveTextContent('12 minMedian; 9 in 10 within 40 min');
    expect(tile('Approved today')).toHaveTextContent('41₦4,912,500.50 credited to sellers');
    expect(tile('Approved today')).toHaveAttribute('href', '/console/trades?status=approved');
    expect(tile('Rejected today')).toHaveAttribute('href', '/console/trades?status=rejected');
    expect(tile('Payouts in flight')).toHaveTextContent('72 waiting to start, 5 with the bank');
    expect(tile('Float needed')).toHaveTextContent('₦312,000.00');
    expect(tile('Stuck over an hour')).toHaveTextContent('Needs attention');
    expect(tile('Stuck over an hour')).toHaveAttribute('href', '/console/withdrawals?status=stuck');
    expect(tile('Paid today')).toHaveTextContent('28₦2,100,000.00 sent to banks');
    expect(tile('Paid today')).toHaveAttribute('href', '/console/withdrawals?status=successful');
    expect(tile('Failed today')).toHaveAttribute('href', '/console/withdrawals?status=failed');
    expect(tile('New accounts today')).toHaveAttribute('href', '/console/users');
    expect(tile('Referral rewards today')).toHaveTextContent('₦1,500.003 rewards paid');
    expect(screen.queryByRole('heading', { name: /refunded/ })).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Operator console' });
    expect(within(nav).getByRole('link', { name: 'Overview' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('says when nothing is waiting and nothing was decided yet today', async () => {
    const quiet = makeOverview();
    serveOverview([
      {
        ...quiet,
        trades: {
          ...quiet.trades,
          pending: 0,
          oldest_pending_at: null,
          decision_times: { decided: 0, median_seconds: null, p90_seconds: null },
        },
        withdrawals: { ...quiet.withdrawals, stuck: 0 },
      },
    ]);
    renderOverview();
    expect(await screen.findByText('Nobody is waiting', {}, TIMEOUT)).toBeVisible();
    expect(tile('Time to decision today')).toHaveTextContent('—No decisions yet today');
    expect(tile('Stuck over an hour')).not.toHaveTextContent('Needs attention');
  });

  it('shows a skeleton, then a failed load in words with a retry that works', async () => {
    // The failure waits until the skeleton was seen: a fast answer would hide it first.
    const gate: { open?: () => void } = {};
    const skeletonSeen = new Promise<void>((resolve) => {
      gate.open = resolve;
    });
    serveOverview([new Error('down'), makeOverview()], { firstAnswerAfter: skeletonSeen });
    const { user } = renderOverview();
    expect(
      await screen.findByRole('status', { name: 'Loading the overview' }, TIMEOUT),
    ).toBeInTheDocument();
    gate.open?.();
    expect(await screen.findByText('We could not load the overview.', {}, TIMEOUT)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /^Pending trades/ }, TIMEOUT)).toBeVisible();
  });

  it('asks again when the operator comes back to the window', async () => {
    const first = makeOverview();
    const api = serveOverview([first, { ...first, trades: { ...first.trades, pending: 9 } }]);
    renderOverview();
    await screen.findByRole('link', { name: /^Pending trades/ }, TIMEOUT);
    expect(tile('Pending trades')).toHaveTextContent(/^Pending trades7/);
    fireEvent.focus(window);
    await screen.findByRole('link', { name: /^Pending trades9/ }, TIMEOUT);
    expect(api.calls()).toBe(2);
  });

  it('lists open payout alerts with their withdrawal; an admin resolves one with a required note', async () => {
    const alert = makePayoutAlert();
    const api = serveOverview([
      makeOverview({ payout_alerts: { open_count: 1, open: [alert] } }),
      makeOverview(),
    ]);
    const { user } = renderOverview('admin');
    const panel = await screen.findByRole(
      'region',
      { name: '1 payout was paid after it was refunded' },
      TIMEOUT,
    );
    expect(within(panel).getByRole('link', { name: alert.transaction_id })).toHaveAttribute(
      'href',
      `/console/withdrawals/${alert.withdrawal_id}`,
    );
    expect(panel).toHaveTextContent('Raised 21 Nov 2026, 13:40');

    await user.click(
      within(panel).getByRole('button', { name: `Resolve the alert on ${alert.transaction_id}` }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Resolve this payout alert?' });
    await user.click(within(dialog).getByRole('button', { name: 'Resolve alert' }));
    expect(await within(dialog).findByText('Write what was done about this alert')).toBeVisible();
    expect(api.resolved).toHaveLength(0);

    await user.type(
      within(dialog).getByLabelText('What was done'),
      'Bank returned the ₦1,000 on 21 Nov',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Resolve alert' }));
    expect(
      await screen.findByText(`The alert on ${alert.transaction_id} is resolved.`, {}, TIMEOUT),
    ).toBeVisible();
    expect(api.resolved).toEqual([
      { id: alert.id, body: { note: 'Bank returned the ₦1,000 on 21 Nov' } },
    ]);
    // The overview is asked again and the alert is gone.
    await waitFor(() => {
      expect(
        screen.queryByRole('region', { name: '1 payout was paid after it was refunded' }),
      ).toBeNull();
    }, TIMEOUT);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows an operator the alerts without a Resolve button', async () => {
    serveOverview([makeOverview({ payout_alerts: { open_count: 1, open: [makePayoutAlert()] } })]);
    renderOverview('operator');
    const panel = await screen.findByRole(
      'region',
      { name: '1 payout was paid after it was refunded' },
      TIMEOUT,
    );
    expect(within(panel).queryByRole('button', { name: /Resolve/ })).toBeNull();
    expect(panel).toHaveTextContent('An admin resolves these once the money is dealt with.');
  });
});
