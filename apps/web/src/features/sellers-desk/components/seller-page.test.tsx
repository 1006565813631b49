import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signedInState } from '../../../testing/render';
import {
  makeSellerProfile,
  pendingAccountApproval,
  serveSellers,
} from '../../../testing/sellers-fixtures';
import { testUser } from '../../../testing/server';

const TIMEOUT = { timeout: 5000 };
const operator = () => signedInState({ role: 'operator' });
const SELLER_URL = '/console/users/3c9a4e1f-2b7d-4f60-8a1e-5d2c7b9f0e42';

describe('seller page', () => {
  it('shows profile, KYC, wallet in naira, records with console links, sessions and flags', async () => {
    serveSellers();
    renderApp(SELLER_URL, { preloadedState: operator() });
    expect(
      await screen.findByRole('heading', { name: 'Bola Adeyemi' }, TIMEOUT),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Tier 2 · Verified on 3 Oct 2026, 12:00 · BVN ending 4321 · NIN ending 8765',
      ),
    ).toBeInTheDocument();
    const wallet = screen.getByRole('region', { name: 'Wallet' });
    expect(within(wallet).getByText('₦25,500.50')).toBeInTheDocument();
    expect(within(wallet).getByText('₦1,050.00')).toBeInTheDocument();
    const trades = screen.getByRole('region', { name: 'Trades' });
    expect(within(trades).getByText('The 1 newest of 14 trades.')).toBeInTheDocument();
    expect(within(trades).getByRole('link', { name: 'KT-7K3M9QX2' })).toHaveAttribute(
      'href',
      '/console/trades/trade-1',
    );
    const withdrawals = screen.getByRole('region', { name: 'Withdrawals' });
    expect(within(withdrawals).getByRole('link').getAttribute('href')).toMatch(
      /^\/console\/withdrawals\//,
    );
    expect(screen.getByText('Rejected trades, last 30 days').nextSibling).toHaveTextContent('3');
    expect(
      screen.getByText('2 trades share a code or photo with other trades'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/signed in 24 Nov 2026, 09:00, last active 24 Nov 2026, 10:30/),
    ).toBeInTheDocument();
    expect(screen.getByText('No operator has acted on this account.')).toBeInTheDocument();
    expect(
      screen.getByText('This seller has not asked to use an account in another name.'),
    ).toBeInTheDocument();
  });

  it('suspends only after a reason and a confirmation, and shows the audit entry', async () => {
    const { requests } = serveSellers();
    const { user } = renderApp(SELLER_URL, { preloadedState: operator() });
    await user.click(await screen.findByRole('button', { name: 'Suspend account' }, TIMEOUT));

    const dialog = screen.getByRole('dialog', { name: 'Suspend this account?' });
    expect(within(dialog).getByText(/every session ends now/i)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Suspend account' }));
    expect(
      await within(dialog).findByText('Give a reason of at least 5 characters'),
    ).toBeInTheDocument();
    expect(requests.filter((each) => each.body !== null)).toHaveLength(0);

    await user.type(
      within(dialog).getByLabelText('Reason (kept in the audit log)'),
      'Stolen cards reported',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Suspend account' }));

    expect(
      await screen.findByRole('button', { name: 'Lift suspension' }, TIMEOUT),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Suspended')[0]).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests.at(-1)).toEqual({
      url: '/api/v1/admin/users/3c9a4e1f-2b7d-4f60-8a1e-5d2c7b9f0e42/suspend',
      body: { reason: 'Stolen cards reported' },
    });
    const actions = screen.getByRole('list', { name: 'Console actions' });
    expect(within(actions).getByText('Reason: Stolen cards reported')).toBeInTheDocument();
    expect(within(actions).getByText('by Amaka Obi')).toBeInTheDocument();
    expect(screen.getByText('No active sessions.')).toBeInTheDocument();
  });

  it('unlocks a locked PIN', async () => {
    serveSellers(makeSellerProfile({ pin_locked_until: '2026-11-25T10:30:00.000Z' }));
    const { user } = renderApp(SELLER_URL, { preloadedState: operator() });
    expect(
      await screen.findByText('Locked until 25 Nov 2026, 11:30 (five wrong PINs)', {}, TIMEOUT),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unlock PIN' }));
    const dialog = screen.getByRole('dialog', { name: 'Unlock the withdrawal PIN?' });
    await user.type(within(dialog).getByLabelText(/reason/i), 'Caller verified by ID');
    await user.click(within(dialog).getByRole('button', { name: 'Unlock PIN' }));
    expect(await screen.findByText('Set', {}, TIMEOUT)).toBeInTheDocument();
    expect(screen.getByText('PIN unlocked')).toBeInTheDocument();
  });

  it('offers no action on the operator’s own account or on staff', async () => {
    serveSellers(makeSellerProfile({ id: testUser.id }));
    renderApp(`/console/users/${testUser.id}`, { preloadedState: operator() });
    expect(await screen.findByText('This is your own account.', {}, TIMEOUT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Suspend account' })).not.toBeInTheDocument();
  });

  it('says when the seller does not exist', async () => {
    serveSellers();
    renderApp('/console/users/unknown', { preloadedState: operator() });
    expect(
      await screen.findByRole('heading', { name: 'We could not find this seller' }, {}),
    ).toBeInTheDocument();
  });

  it('shows a request for an account in another name beside the BVN name, and approves it with a note', async () => {
    const { requests } = serveSellers(
      makeSellerProfile({ account_approvals: [pendingAccountApproval] }),
    );
    const { user } = renderApp(SELLER_URL, { preloadedState: operator() });
    const section = await screen.findByRole(
      'region',
      { name: 'Accounts in another name' },
      TIMEOUT,
    );
    expect(section).toHaveTextContent(
      'The bank says: ADEYEMI BOLA VENTURES · BVN name: Bola Adeyemi',
    );
    expect(section).toHaveTextContent('Waiting for an answer');
    await user.click(
      within(section).getByRole('button', { name: 'Approve Guaranty Trust Bank 9994000017' }),
    );

    const dialog = screen.getByRole('dialog', { name: 'Approve this account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve account' }));
    expect(
      await within(dialog).findByText('Write a note of at least 5 characters'),
    ).toBeInTheDocument();
    expect(requests.filter((each) => each.body !== null)).toHaveLength(0);
    await user.type(
      within(dialog).getByLabelText('Note to the seller (kept in the audit log)'),
      'Her business account: CAC papers seen.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Approve account' }));

    expect(await within(section).findByText(/Approved by Amaka Obi/, {}, TIMEOUT)).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /Approve|Decline/ })).toBeNull();
    expect(requests.at(-1)).toEqual({
      url: '/api/v1/admin/users/3c9a4e1f-2b7d-4f60-8a1e-5d2c7b9f0e42/account_approvals/approval-1/approve',
      body: { note: 'Her business account: CAC papers seen.' },
    });
    expect(screen.getByRole('list', { name: 'Console actions' })).toHaveTextContent(
      'Account in another name approved by Amaka Obi',
    );
  });

  it('offers no answer on one’s own account', async () => {
    serveSellers(
      makeSellerProfile({ id: testUser.id, account_approvals: [pendingAccountApproval] }),
    );
    renderApp(`/console/users/${testUser.id}`, { preloadedState: operator() });
    const section = await screen.findByRole(
      'region',
      { name: 'Accounts in another name' },
      TIMEOUT,
    );
    expect(section).toHaveTextContent('Waiting for an answer');
    expect(within(section).queryByRole('button')).toBeNull();
  });
});

describe('seller page: an admin’s own actions', () => {
  const admin = () => signedInState({ role: 'admin' });
  const REASON = 'Documents found forged on a second look';

  it('lowers the KYC tier to a chosen lower tier, with a reason', async () => {
    const { requests } = serveSellers();
    const { user } = renderApp(SELLER_URL, { preloadedState: admin() });
    await user.click(await screen.findByRole('button', { name: 'Lower KYC tier' }, TIMEOUT));
    const dialog = screen.getByRole('dialog', { name: 'Lower the KYC tier?' });
    expect(within(dialog).getByText(/without your reason/)).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Lower to'), 'Tier 0');
    await user.type(within(dialog).getByLabelText('Reason (kept in the audit log)'), REASON);
    await user.click(within(dialog).getByRole('button', { name: 'Lower tier' }));
    expect(await screen.findByText(/^Tier 0 ·/, {}, TIMEOUT)).toBeInTheDocument();
    expect(requests).toContainEqual({
      url: '/api/v1/admin/users/3c9a4e1f-2b7d-4f60-8a1e-5d2c7b9f0e42/lower_kyc_tier',
      body: { tier: 0, reason: REASON },
    });
  });

  it('resets two-step sign-in after a reason, and the button goes with it', async () => {
    const { requests } = serveSellers();
    const { user } = renderApp(SELLER_URL, { preloadedState: admin() });
    await user.click(
      await screen.findByRole('button', { name: 'Reset two-step sign-in' }, TIMEOUT),
    );
    const dialog = screen.getByRole('dialog', { name: 'Reset two-step sign-in?' });
    await user.type(within(dialog).getByLabelText('Reason (kept in the audit log)'), REASON);
    await user.click(within(dialog).getByRole('button', { name: 'Reset two-step sign-in' }));
    await waitFor(() => {
      expect(
        screen.queryByRole('button', { name: 'Reset two-step sign-in' }),
      ).not.toBeInTheDocument();
    });
    expect(requests.map((each) => each.url)).toContain(
      '/api/v1/admin/users/3c9a4e1f-2b7d-4f60-8a1e-5d2c7b9f0e42/reset_two_factor',
    );
  });

  it('are not offered to an operator', async () => {
    serveSellers();
    renderApp(SELLER_URL, { preloadedState: operator() });
    await screen.findByRole('heading', { name: 'Bola Adeyemi' }, TIMEOUT);
    expect(screen.queryByRole('button', { name: 'Lower KYC tier' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Reset two-step sign-in' }),
    ).not.toBeInTheDocument();
  });
});
