import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signedInState } from '../../../testing/render';
import { makeDeskWithdrawal, serveMoneyDesk } from '../../../testing/money-desk-fixtures';

const TIMEOUT = { timeout: 5000 };
const payout = makeDeskWithdrawal();
const DETAIL = `/console/withdrawals/${payout.id}`;

const renderDetail = (role: 'operator' | 'admin') =>
  renderApp(DETAIL, { preloadedState: signedInState({ role }) });
const findTitle = () =>
  screen.findByRole('heading', { level: 1, name: payout.transaction_id }, TIMEOUT);
const toast = (text: string | RegExp) =>
  screen.findByText(text, { selector: '[role="alert"] *, [role="alert"]' }, TIMEOUT);

describe('a withdrawal on the money desk', () => {
  it('shows the seller, the account, the amounts, the ledger and the timeline in Lagos time', async () => {
    serveMoneyDesk([payout]);
    renderDetail('operator');
    await findTitle();
    const seller = screen.getByRole('region', { name: 'Seller and account' });
    for (const text of [
      'SellerAmaka Obi',
      'E-mailamaka.obi@example.com',
      'Account number0123456322',
      'Provider referencewd_6f1c2d3e000040008000000000000001',
    ]) {
      expect(seller).toHaveTextContent(text);
    }
    expect(screen.getByRole('region', { name: 'Amounts' })).toHaveTextContent(
      'Total from the wallet₦25,050.00',
    );
    const ledger = screen.getByRole('list', { name: 'Ledger movements' });
    expect(ledger).toHaveTextContent('Seller’s wallet-₦25,050.00');
    expect(ledger).toHaveTextContent('Held for the withdrawal₦25,050.00');
    const timeline = screen.getByRole('list', { name: 'Payout timeline' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual([
      'Withdrawal: Requested by the seller21 Nov 2026, 14:02',
      'Provider: Provider: transfer pending21 Nov 2026, 14:03 · asked by the payout worker',
    ]);
    // An operator re-checks; only an admin fails and refunds.
    expect(screen.queryByRole('region', { name: 'Fail and refund' })).not.toBeInTheDocument();
  });

  it('shows a failed payout’s provider words beside what the seller was told', async () => {
    const failed = makeDeskWithdrawal({
      status: 'failed',
      provider_reason: 'Sandbox: the receiving bank declined the transfer',
      failure_reason:
        'The receiving bank declined the transfer. Check the account with your bank, or withdraw to another account.',
    });
    serveMoneyDesk([failed]);
    renderApp(`/console/withdrawals/${failed.id}`, {
      preloadedState: signedInState({ role: 'operator' }),
    });
    await screen.findByRole('heading', { level: 1, name: failed.transaction_id }, TIMEOUT);
    const amounts = screen.getByRole('region', { name: 'Amounts' });
    expect(amounts).toHaveTextContent(
      'The provider saidSandbox: the receiving bank declined the transfer',
    );
    expect(amounts).toHaveTextContent('Seller was toldThe receiving bank declined the transfer.');
  });

  it('re-checks with the provider and shows what it said', async () => {
    serveMoneyDesk([payout], {
      recheckTo: {
        status: 'successful',
        events: [
          ...payout.events,
          {
            at: '2026-11-21T14:00:00.000Z',
            source: 'provider',
            title: 'Provider: transfer paid',
            detail: 'asked by an operator’s re-check',
          },
        ],
      },
    });
    const { user } = renderDetail('operator');
    await findTitle();
    await user.click(screen.getByRole('button', { name: 'Re-check with the provider' }));
    expect(
      await toast('Re-checked with the provider: the withdrawal is successful.'),
    ).toBeVisible();
    const timeline = await screen.findByRole('list', { name: 'Payout timeline' });
    expect(await within(timeline).findByText('Provider: transfer paid', {}, TIMEOUT)).toBeVisible();
  });

  it('lets an admin fail and refund a stuck payout, with a reason and a confirmation', async () => {
    const stuck = { ...payout, is_stuck: true, can_fail: true };
    const desk = serveMoneyDesk([stuck]);
    const { user } = renderDetail('admin');
    await findTitle();
    const panel = screen.getByRole('region', { name: 'Fail and refund' });
    await user.click(within(panel).getByRole('button', { name: 'Fail and refund' }));
    expect(
      await within(panel).findByText('Give the reason for failing this payout', {}, TIMEOUT),
    ).toBeVisible();
    expect(desk.fails).toHaveLength(0);

    await user.type(
      within(panel).getByRole('textbox', { name: /Reason/ }),
      'No confirmation from the bank in 3 hours',
    );
    await user.click(within(panel).getByRole('button', { name: 'Fail and refund' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Fail this payout and refund the seller?',
    });
    expect(dialog).toHaveTextContent('₦25,050.00 (amount and fee) goes back to Amaka Obi');
    await user.click(within(dialog).getByRole('button', { name: 'Fail and refund' }));
    expect(
      await toast('₦25,050.00 is back in the seller’s wallet. The seller has been e-mailed.'),
    ).toBeVisible();
    expect(desk.fails.map((call) => call.body)).toEqual([
      { reason: 'No confirmation from the bank in 3 hours' },
    ]);
    expect(desk.fails[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      await screen.findByText(
        'We stopped this payout because the bank did not confirm it.',
        {},
        TIMEOUT,
      ),
    ).toBeVisible();
  });

  it('says when a withdrawal does not exist', async () => {
    serveMoneyDesk([]);
    renderDetail('operator');
    expect(
      await screen.findByRole('heading', { name: 'We could not find this withdrawal' }, TIMEOUT),
    ).toBeVisible();
  });
});
