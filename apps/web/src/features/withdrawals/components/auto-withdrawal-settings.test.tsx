import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { BeneficiaryAccount } from '@karta/shared/schemas/beneficiaries';
import type { AutoWithdrawalState } from '@karta/shared/schemas/users';
import { renderApp, signedInState } from '../../../testing/render';
import { api, failure, server, success, testUser } from '../../../testing/server';
import { serveStepUp, stepUpRequired } from '../../../testing/step-up-fixtures';
import { makeTerms, savedGtBank } from '../../../testing/withdrawal-fixtures';

const PAGE = '/dashboard/settings/account/automatic-withdrawal';
const opay: BeneficiaryAccount = {
  id: 'ben-2',
  bank_name: 'OPay',
  account_name: 'AMAKA OBI',
  account_number: '8031234567',
  needs_approval: false,
};
const OFF: AutoWithdrawalState = {
  enabled: false,
  beneficiary_account_id: null,
  changed_at: null,
  stopped_reason: null,
};
const ON: AutoWithdrawalState = {
  enabled: true,
  beneficiary_account_id: savedGtBank.id,
  // 13:02 UTC is 14:02 in Lagos.
  changed_at: '2026-11-21T13:02:00.000Z',
  stopped_reason: null,
};

/** The terms, the saved accounts and the switch, which records what it was sent. */
function serve(accounts: BeneficiaryAccount[], answer?: () => Response) {
  const sent: unknown[] = [];
  server.use(
    http.get(api(`/transaction/withdrawal_terms/${testUser.id}`), () => success(makeTerms())),
    http.get(api(`/user/get_beneficiary_banks/${testUser.id}`), () => success({ data: accounts })),
    http.post(api(`/user/auto_withdrawal/${testUser.id}`), async ({ request }) => {
      const body = (await request.json()) as { enabled: boolean; beneficiary_account_id?: string };
      sent.push(body);
      if (answer) return answer();
      return HttpResponse.json({
        status: 'success',
        message: body.enabled ? 'Automatic withdrawal is on.' : 'Automatic withdrawal is off.',
        data: body.enabled
          ? { ...ON, beneficiary_account_id: body.beneficiary_account_id ?? null }
          : OFF,
      });
    }),
  );
  return sent;
}

const renderPage = (overrides: Parameters<typeof signedInState>[0] = {}) =>
  renderApp(PAGE, { preloadedState: signedInState({ kyc_verified: true, ...overrides }) });

describe('automatic withdrawal settings', () => {
  it('turns on with the only saved account preselected and the PIN, and says the fee', async () => {
    const sent = serve([savedGtBank]);
    const { user, store } = renderPage();
    const radio = await screen.findByRole(
      'radio',
      { name: /Guaranty Trust Bank •••• 6322/ },
      {
        timeout: 5000,
      },
    );
    expect(radio).toBeChecked();
    expect(screen.getByRole('heading', { name: 'Automatic withdrawal is Off' })).toBeVisible();
    expect(screen.getByText(/^When an operator approves your trade/)).toHaveTextContent(
      'less the ₦50.00 fee, to your account',
    );

    await user.type(screen.getByLabelText('PIN'), '2468');
    await user.click(screen.getByRole('button', { name: 'Turn on automatic withdrawal' }));
    await waitFor(() => {
      expect(store.getState().auth.user?.auto_withdrawal.enabled).toBe(true);
    });
    expect(sent).toEqual([{ enabled: true, beneficiary_account_id: savedGtBank.id, pin: '2468' }]);
    expect(await screen.findByText(/Each approved trade goes to/)).toHaveTextContent(
      'Each approved trade goes to Guaranty Trust Bank •••• 6322 (AMAKA OBI), less the ₦50.00 fee, since 21 Nov 2026, 14:02.',
    );
  });

  it('asks which account when there are several, and shows a wrong PIN under the field', async () => {
    const sent = serve([savedGtBank, opay], () => failure(401, 'Wrong PIN. 4 tries left.', 'pin'));
    const { user, store } = renderPage();
    const submit = await screen.findByRole(
      'button',
      { name: 'Turn on automatic withdrawal' },
      { timeout: 5000 },
    );
    await user.type(screen.getByLabelText('PIN'), '1357');
    await user.click(submit);
    expect(await screen.findByText('Choose the account your money should go to')).toBeVisible();
    expect(sent).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: /OPay •••• 4567/ }));
    await user.click(submit);
    expect(await screen.findByText('Wrong PIN. 4 tries left.', { selector: 'p' })).toBeVisible();
    expect(sent).toEqual([{ enabled: true, beneficiary_account_id: opay.id, pin: '1357' }]);
    expect(store.getState().auth.user?.auto_withdrawal.enabled).toBe(false);
  });

  it('turns off, and says why a rule turned it off', async () => {
    const sent = serve([savedGtBank]);
    const { user, store } = renderPage({ auto_withdrawal: ON });
    await user.click(await screen.findByRole('button', { name: 'Turn off' }, { timeout: 5000 }));
    await waitFor(() => {
      expect(store.getState().auth.user?.auto_withdrawal.enabled).toBe(false);
    });
    expect(sent).toEqual([{ enabled: false }]);
    expect(
      await screen.findByRole('heading', { name: 'Automatic withdrawal is Off' }),
    ).toBeVisible();
  });

  it('shows the reason it was stopped', async () => {
    serve([savedGtBank]);
    renderPage({
      auto_withdrawal: {
        ...OFF,
        changed_at: '2026-11-21T13:02:00.000Z',
        stopped_reason:
          'The automatic withdrawal of ₦4,950.00 to GTBank ••••6322 did not go through.',
      },
    });
    expect(
      await screen.findByText(/We turned it off on 21 Nov 2026, 14:02\./, {}, { timeout: 5000 }),
    ).toHaveTextContent('did not go through.');
  });

  it('sends a seller without a verified BVN to the BVN check', async () => {
    serve([savedGtBank]);
    renderPage({ kyc_verified: false });
    const link = await screen.findByRole('link', { name: 'Verify BVN' }, { timeout: 5000 });
    expect(link).toHaveAttribute('href', '/dashboard/verify-bvn');
    expect(screen.queryByLabelText('PIN')).not.toBeInTheDocument();
  });

  it('leads to the saved accounts when there is none', async () => {
    serve([]);
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'No saved account yet' }, { timeout: 5000 }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Add a withdrawal account' })).toHaveAttribute(
      'href',
      '/dashboard/settings/account/withdrawal-account',
    );
  });

  it('shows an error with a way to try again when the accounts cannot be loaded', async () => {
    let attempts = 0;
    serve([]);
    server.use(
      http.get(api(`/user/get_beneficiary_banks/${testUser.id}`), () => {
        attempts += 1;
        return attempts === 1 ? failure(500, 'Something went wrong') : success({ data: [opay] });
      }),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 }));
    expect(await screen.findByRole('radio', { name: /OPay •••• 4567/ })).toBeChecked();
  });
});

describe('automatic withdrawal settings with two-step sign-in on (step-up, decision 061)', () => {
  it('asks for the code over the kept account and PIN, then turns on with the same request', async () => {
    let calls = 0;
    const sent = serve([savedGtBank, opay], () => {
      calls += 1;
      return calls === 1
        ? stepUpRequired()
        : HttpResponse.json({
            status: 'success',
            message: 'Automatic withdrawal is on.',
            data: { ...ON, beneficiary_account_id: opay.id },
          });
    });
    const { codes } = serveStepUp('246810');
    const { user, store } = renderPage();
    await user.click(
      await screen.findByRole('radio', { name: /OPay •••• 4567/ }, { timeout: 5000 }),
    );
    await user.type(screen.getByLabelText('PIN'), '1357');
    await user.click(screen.getByRole('button', { name: 'Turn on automatic withdrawal' }));

    const prompt = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(screen.getByRole('radio', { name: /OPay •••• 4567/ })).toBeChecked();
    expect(screen.getByLabelText('PIN')).toHaveValue('1357');
    await user.type(within(prompt).getByLabelText('6-digit code'), '246810');
    await user.click(within(prompt).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => {
      expect(store.getState().auth.user?.auto_withdrawal.enabled).toBe(true);
    });
    expect(codes).toEqual(['246810']);
    const body = { enabled: true, beneficiary_account_id: opay.id, pin: '1357' };
    expect(sent).toEqual([body, body]);
  });
});
