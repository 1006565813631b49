import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, signedInState } from '../../../testing/render';
import { api, failure, server, success, testUser } from '../../../testing/server';
import { makeTerms, makeTierTerms } from '../../../testing/withdrawal-fixtures';

const TIMEOUT = { timeout: 5000 };
const PAGE = '/dashboard/settings/verification';

/** The terms the page reads; after a verified NIN, the ones `after` says. */
function serveTerms(before: ReturnType<typeof makeTerms>, after = before) {
  let isVerified = false;
  server.use(
    http.get(api(`/transaction/withdrawal_terms/${testUser.id}`), () =>
      success(isVerified ? after : before),
    ),
  );
  return {
    verified: () => {
      isVerified = true;
    },
  };
}

describe('Settings › Verification', () => {
  it('shows the ladder with each tier’s limits and where the seller stands', async () => {
    serveTerms(makeTierTerms(1, 50_000));
    renderApp(PAGE, { preloadedState: signedInState({ kyc_verified: true }) });
    const ladder = await screen.findByRole('list', { name: 'Verification tiers' }, TIMEOUT);
    const tiers = within(ladder).getAllByRole('listitem');
    expect(tiers.map((tier) => tier.textContent)).toEqual([
      'Tier 0 · E-mail confirmedYou can sell cards. No withdrawals yet.Done',
      'Tier 1 · BVN verifiedWithdraw up to ₦200,000 a day, ₦200,000 at a time.You are here',
      'Tier 2 · NIN verified, the same person as your BVNWithdraw up to ₦1,000,000 a day, ₦1,000,000 at a time.',
      'Tier 3 · An ID, a selfie and a proof of address checked by an operatorWithdraw up to ₦5,000,000 a day, ₦1,000,000 at a time.',
    ]);
    expect(tiers[1]).toHaveAttribute('aria-current', 'step');
    expect(
      screen.getByText(/You are at tier 1\. Today you have withdrawn ₦50,000 of ₦200,000/),
    ).toHaveTextContent('₦150,000 left today');
    expect(screen.getByRole('heading', { name: 'Next: tier 2' })).toBeVisible();
  });

  it('sends a tier-0 seller to the BVN check, and back here after', async () => {
    serveTerms(
      makeTerms({
        kyc: {
          tier: 0,
          status: 'unverified',
          limits: {
            daily_withdrawal: 0,
            single_withdrawal: 0,
            withdrawn_today: 0,
            remaining_today: 0,
          },
          next: { tier: 1, needs: ['bvn'] },
        },
      }),
    );
    const { user, router } = renderApp(PAGE, { preloadedState: signedInState() });
    const link = await screen.findByRole('link', { name: 'Verify your BVN' }, TIMEOUT);
    expect(link).toHaveAttribute('href', '/dashboard/verify-bvn');
    await user.click(link);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/dashboard/verify-bvn');
    });
    expect(router.state.location.state).toEqual({ from: PAGE });
  });

  it('takes 11 digits only, shows the server’s refusal under the field', async () => {
    serveTerms(makeTierTerms(1));
    const received: unknown[] = [];
    server.use(
      http.post(api(`/user/verify_nin/${testUser.id}`), async ({ request }) => {
        received.push(await request.json());
        return failure(
          400,
          'The name and date of birth on this NIN are not those on your verified BVN.',
          'nin',
        );
      }),
    );
    const { user } = renderApp(PAGE, { preloadedState: signedInState({ kyc_verified: true }) });
    const nin = await screen.findByLabelText('NIN', {}, TIMEOUT);
    await user.click(screen.getByRole('button', { name: 'Verify NIN' }));
    expect(nin).toHaveAccessibleDescription('NIN is required');
    await user.type(nin, '1234');
    await user.click(screen.getByRole('button', { name: 'Verify NIN' }));
    expect(nin).toHaveAccessibleDescription('NIN must be 11 digits');
    expect(received).toHaveLength(0);

    await user.type(nin, '5678901');
    await user.click(screen.getByRole('button', { name: 'Verify NIN' }));
    await waitFor(() => {
      expect(nin).toHaveAccessibleDescription(
        'The name and date of birth on this NIN are not those on your verified BVN.',
      );
    });
    expect(received).toEqual([{ nin: '12345678901' }]);
    expect(nin).toHaveFocus();
  });

  it('verifies the NIN and shows tier 2, whose next step leads to the documents', async () => {
    const terms = serveTerms(makeTierTerms(1), makeTierTerms(2));
    server.use(
      http.post(api(`/user/verify_nin/${testUser.id}`), () => {
        terms.verified();
        return success({ nin_last4: '8901', kyc: makeTierTerms(2).kyc }, 'Your NIN is verified.');
      }),
    );
    const { user } = renderApp(PAGE, { preloadedState: signedInState({ kyc_verified: true }) });
    await user.type(await screen.findByLabelText('NIN', {}, TIMEOUT), '12345678901');
    await user.click(screen.getByRole('button', { name: 'Verify NIN' }));
    expect(
      await screen.findByText(
        'Your NIN ending 8901 is verified. You are now at tier 2.',
        {},
        TIMEOUT,
      ),
    ).toBeVisible();
    const next = await screen.findByRole('region', { name: 'Next: tier 3' }, TIMEOUT);
    expect(next).toHaveTextContent('Tier 3 needs an operator to check your documents');
    expect(within(next).getByRole('link', { name: 'Send your documents' })).toHaveAttribute(
      'href',
      '/dashboard/settings/verification/documents',
    );
    expect(screen.queryByLabelText('NIN')).not.toBeInTheDocument();
  });
});
