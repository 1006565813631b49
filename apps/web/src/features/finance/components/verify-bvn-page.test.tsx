import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, signedInState } from '../../../testing/render';
import { api, failure, server, success, testUser } from '../../../testing/server';
import { makeTerms } from '../../../testing/withdrawal-fixtures';

const TIMEOUT = { timeout: 5000 };
const PAGE = '/dashboard/verify-bvn';

/** verify_kyc answers `answer`; the profile read afterwards says the BVN is verified. */
function serveKyc(answer = () => success({ kyc_verified: true, bvn_last4: '8901' }, 'Verified')) {
  const received: unknown[] = [];
  server.use(
    http.post(api(`/user/verify_kyc/${testUser.id}`), async ({ request }) => {
      received.push(await request.json());
      return answer();
    }),
    http.get(api('/auth/current_user'), () => success({ ...testUser, kyc_verified: true })),
  );
  return received;
}

describe('BVN verification', () => {
  it('says why it asks and what is kept, before asking', async () => {
    renderApp(PAGE, { preloadedState: signedInState() });
    const why = await screen.findByRole('region', { name: 'Why we ask' }, TIMEOUT);
    expect(why).toHaveTextContent('CBN rules say we must know who receives money');
    expect(why).toHaveTextContent('We keep only a one-way hash of your BVN and its last 4 digits');
    expect(why).toHaveTextContent('*565*0#');
  });

  it('takes 11 digits only and says what is wrong', async () => {
    const received = serveKyc();
    const { user } = renderApp(PAGE, { preloadedState: signedInState() });
    const bvn = await screen.findByLabelText('BVN', {}, TIMEOUT);
    await user.click(screen.getByRole('button', { name: 'Verify BVN' }));
    expect(bvn).toHaveAccessibleDescription('BVN is required');
    await user.type(bvn, '22a1-3b');
    expect(bvn).toHaveValue('2213');
    await user.click(screen.getByRole('button', { name: 'Verify BVN' }));
    expect(bvn).toHaveAccessibleDescription('BVN must be 11 digits');
    await user.type(bvn, '4567890123');
    expect(bvn).toHaveValue('22134567890');
    expect(received).toHaveLength(0);
  });

  it('shows the server’s refusal under the field', async () => {
    serveKyc(() => failure(400, 'This BVN does not match your name and date of birth.', 'bvn'));
    const { user } = renderApp(PAGE, { preloadedState: signedInState() });
    const bvn = await screen.findByLabelText('BVN', {}, TIMEOUT);
    await user.type(bvn, '22134567890');
    await user.click(screen.getByRole('button', { name: 'Verify BVN' }));
    await waitFor(() => {
      expect(bvn).toHaveAccessibleDescription(
        'This BVN does not match your name and date of birth.',
      );
    });
    expect(bvn).toHaveFocus();
    // Said once, where it can be acted on (decision 035): no toast repeats it. Without the
    // decision's mark, the toast is up well within this second.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(
      screen.getAllByText('This BVN does not match your name and date of birth.'),
    ).toHaveLength(1);
  });

  it('verifies, stores the profile and returns to where the user came from', async () => {
    const received = serveKyc();
    const view = renderApp(PAGE, { preloadedState: signedInState() });
    await view.router.navigate(PAGE, {
      replace: true,
      state: { from: '/dashboard/settings/account/withdrawal-account' },
    });
    const bvn = await screen.findByLabelText('BVN', {}, TIMEOUT);
    await view.user.type(bvn, '22134567890');
    await view.user.click(screen.getByRole('button', { name: 'Verify BVN' }));
    await waitFor(() => {
      expect(view.router.state.location.pathname).toBe(
        '/dashboard/settings/account/withdrawal-account',
      );
    });
    expect(received).toEqual([{ bvn: '22134567890' }]);
    expect(view.store.getState().auth.user?.kyc_verified).toBe(true);
    expect(await screen.findByText('Your BVN ending 8901 is verified.', {}, TIMEOUT)).toBeVisible();
  });

  it('goes to the withdraw screen when nobody sent the user there', async () => {
    serveKyc();
    server.use(
      http.get(api(`/transaction/withdrawal_terms/${testUser.id}`), () => success(makeTerms())),
      http.get(api(`/user/get_beneficiary_banks/${testUser.id}`), () => success({ data: [] })),
    );
    const { user, router } = renderApp(PAGE, { preloadedState: signedInState() });
    await user.type(await screen.findByLabelText('BVN', {}, TIMEOUT), '22134567890');
    await user.click(screen.getByRole('button', { name: 'Verify BVN' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Withdraw to your bank' }, TIMEOUT),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard/withdraw');
  });

  it('says when the BVN is already verified', async () => {
    renderApp(PAGE, { preloadedState: signedInState({ kyc_verified: true }) });
    expect(await screen.findByText('Your BVN is already verified.', {}, TIMEOUT)).toBeVisible();
    expect(screen.queryByLabelText('BVN')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      '/dashboard/withdraw',
    );
  });
});
