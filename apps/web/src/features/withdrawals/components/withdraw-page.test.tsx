import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { BeneficiaryAccount } from '@karta/shared/schemas/beneficiaries';
import { WITHDRAWAL_MESSAGES, type WithdrawalTerms } from '@karta/shared/schemas/withdrawals';
import { renderApp, signedInState } from '../../../testing/render';
import { api, failure, server, success, testUser } from '../../../testing/server';
import {
  serveStepUp,
  STEP_UP_MESSAGE,
  stepUpRequired,
  WRONG_CODE_MESSAGE,
} from '../../../testing/step-up-fixtures';
import {
  banks,
  makeTerms,
  makeTierTerms,
  makeWithdrawal,
  savedGtBank,
} from '../../../testing/withdrawal-fixtures';

const TIMEOUT = { timeout: 5000 };
const savedAccessBank: BeneficiaryAccount = {
  id: 'ben-2',
  bank_name: 'Access Bank',
  account_name: 'AMAKA OBI',
  account_number: '0690000031',
  needs_approval: false,
};
const PAGE = '/dashboard/withdraw';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface WithdrawApi {
  balance?: number;
  terms?: Partial<WithdrawalTerms>;
  accounts?: BeneficiaryAccount[];
  /** One answer per withdrawal request, in order; the last one repeats. */
  answers?: (() => Response)[];
  /** Names resolve only once this settles (to see the checking state). */
  verifyGate?: Promise<void>;
}

const created = () =>
  HttpResponse.json(
    { status: 'success', message: 'Withdrawal requested', data: makeWithdrawal() },
    { status: 201 },
  );

/**
 * The withdraw screen's API: wallet, terms, saved accounts, banks, name resolution (numbers
 * starting 9999 do not resolve) and the request, which records each body and key.
 */
function serveWithdraw({
  balance = 100_000,
  terms,
  accounts = [savedGtBank],
  answers = [created],
  verifyGate,
}: WithdrawApi = {}) {
  const requests: { body: unknown; key: string | null }[] = [];
  const verifications: unknown[] = [];
  server.use(
    http.get(api(`/transaction/wallet/${testUser.id}`), () =>
      success({ balance, pending_withdrawals: 0, currency: 'NGN' }),
    ),
    http.get(api(`/transaction/withdrawal_terms/${testUser.id}`), () => success(makeTerms(terms))),
    http.get(api(`/user/get_beneficiary_banks/${testUser.id}`), () =>
      success({ data: accounts, meta: { page: 1, size: 50, total: accounts.length } }),
    ),
    http.get(api('/finance/get_banks'), () => success(banks)),
    http.post(api('/finance/verify_bank_account'), async ({ request }) => {
      const body = (await request.json()) as { account_number: string; bank_id: number };
      verifications.push(body);
      const bank = banks.find((item) => item.id === body.bank_id);
      if (body.account_number.startsWith('9999')) {
        return failure(
          400,
          `We could not find this account at ${bank?.name ?? ''}. Check the number.`,
          'account_number',
        );
      }
      await verifyGate;
      return success({
        account_name: 'TUNDE BAKARE',
        account_number: body.account_number,
        bank_name: bank?.name ?? '',
      });
    }),
    http.post(api(`/transaction/withdrawal_request/${testUser.id}`), async ({ request }) => {
      requests.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') });
      const answer = answers[Math.min(requests.length, answers.length) - 1] ?? created;
      return answer();
    }),
  );
  return { requests, verifications };
}

const renderPage = (overrides: Partial<typeof testUser> = {}) =>
  renderApp(PAGE, { preloadedState: signedInState({ kyc_verified: true, ...overrides }) });
type User = ReturnType<typeof renderPage>['user'];

const findForm = () => screen.findByRole('form', { name: 'Where and how much' }, TIMEOUT);

async function chooseSavedAndAmount(user: User, amount = '25000') {
  await findForm();
  await user.click(await screen.findByRole('radio', { name: /Guaranty Trust Bank/ }, TIMEOUT));
  await user.type(screen.getByLabelText('Amount'), amount);
}

/** Continue, Confirm, then the PIN, and press Withdraw. */
async function confirmAndSend(user: User, pin = '1234') {
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await user.click(await screen.findByRole('button', { name: 'Confirm' }, TIMEOUT));
  await user.type(await screen.findByLabelText('PIN', {}, TIMEOUT), pin);
  await user.click(screen.getByRole('button', { name: 'Withdraw' }));
}

const rowsOf = (region: HTMLElement) =>
  within(region)
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent ?? ''}`);

describe('withdraw screen', () => {
  it('opens from the wallet card and the header, which has no Withdraw button on the page', async () => {
    serveWithdraw();
    const { user, router } = renderApp('/dashboard/overview', {
      preloadedState: signedInState({ kyc_verified: true }),
    });
    const wallet = await screen.findByRole('region', { name: 'Naira wallet' }, TIMEOUT);
    expect(within(wallet).getByRole('link', { name: 'Withdraw' })).toHaveAttribute(
      'href',
      '/dashboard/withdraw',
    );
    const header = screen.getByRole('banner');
    await user.click(within(header).getByRole('link', { name: 'Withdraw' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Withdraw to your bank' }, TIMEOUT),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard/withdraw');
    expect(within(header).queryByRole('link', { name: 'Withdraw' })).not.toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Trade' })).toBeInTheDocument();
  });

  it('sends to a saved account: confirmation, masked PIN, body, Idempotency-Key and the result', async () => {
    const { requests } = serveWithdraw();
    const { user } = renderPage();
    await chooseSavedAndAmount(user);
    const form = await findForm();
    expect(form).toHaveTextContent('Fee₦50.00');
    expect(form).toHaveTextContent('Total from your wallet₦25,050.00');
    expect(form).toHaveTextContent('Available balance₦100,000.00');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const confirm = await screen.findByRole('region', { name: 'Confirm your withdrawal' }, TIMEOUT);
    expect(rowsOf(confirm)).toEqual([
      'Bank: Guaranty Trust Bank',
      'Account name: AMAKA OBI',
      'Account number: 0123456322',
      'Amount: ₦25,000.00',
      'Fee: ₦50.00',
      'Total: ₦25,050.00',
    ]);
    expect(screen.getByRole('heading', { name: 'Confirm your withdrawal' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));

    const pin = await screen.findByLabelText('PIN', {}, TIMEOUT);
    expect(screen.getByRole('heading', { name: 'Enter your PIN' })).toHaveFocus();
    expect(screen.getByRole('region', { name: 'Enter your PIN' })).toHaveTextContent(
      '₦25,000.00 to Guaranty Trust Bank •••• 6322 (AMAKA OBI).',
    );
    await user.type(pin, 'a1b2-3c45');
    expect(pin).toHaveValue('1234');
    expect(pin).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: /Toggle PIN visibility/ }));
    expect(pin).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: /Toggle PIN visibility/ }));
    expect(pin).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));

    const done = await screen.findByRole('region', { name: 'Withdrawal requested' }, TIMEOUT);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.body).toEqual({
      amount: 25_000,
      pin: '1234',
      beneficiary_account_id: 'ben-1',
    });
    expect(requests[0]?.key).toMatch(UUID);
    expect(done).toHaveTextContent('wd_6f1c2d3e000040008000000000000001');
    expect(done).toHaveTextContent('₦25,000.00 is on its way to Guaranty Trust Bank •••• 6322');
    expect(within(done).getByRole('link', { name: 'View withdrawal' })).toHaveAttribute(
      'href',
      '/dashboard/transaction-history/withdrawal/wd_6f1c2d3e000040008000000000000001',
    );
    expect(within(done).getByRole('link', { name: 'Go to withdrawal history' })).toHaveAttribute(
      'href',
      '/dashboard/transaction-history/withdrawal',
    );
  });

  it('chooses the one saved account for the user, and asks in words when there are two', async () => {
    serveWithdraw();
    renderPage();
    await findForm();
    // A seller with one saved account once had to choose it by hand.
    await waitFor(() => {
      expect(screen.getByRole('radio', { name: /Guaranty Trust Bank/ })).toBeChecked();
    });
    cleanup();

    serveWithdraw({ accounts: [savedGtBank, savedAccessBank] });
    const { user } = renderPage();
    await findForm();
    await screen.findByRole('radio', { name: /Access Bank/ }, TIMEOUT);
    await user.type(screen.getByLabelText('Amount'), '25000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // Not "Invalid input: expected string, received null".
    expect(await screen.findByText(WITHDRAWAL_MESSAGES.ACCOUNT_REQUIRED)).toBeVisible();
    expect(screen.queryByText(/Invalid input/)).not.toBeInTheDocument();
  });

  it('resolves a new account’s name, says when it cannot, and sends Add as beneficiary', async () => {
    let release: () => void = () => undefined;
    const verifyGate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { requests, verifications } = serveWithdraw({ accounts: [], verifyGate });
    const { user } = renderPage();
    await findForm();
    // No saved account: "Another account" is chosen already.
    expect(await screen.findByRole('radio', { name: /Another account/ }, TIMEOUT)).toBeChecked();

    await user.click(screen.getByRole('combobox', { name: 'Bank' }));
    await user.click(await screen.findByRole('option', { name: 'Guaranty Trust Bank' }, TIMEOUT));
    const number = screen.getByLabelText('Account number');
    await user.type(number, '99-99ab000001');
    expect(number).toHaveValue('9999000001');
    await waitFor(() => {
      expect(number).toHaveAccessibleDescription(
        'We could not find this account at Guaranty Trust Bank. Check the number.',
      );
    });

    await user.clear(number);
    await user.type(number, '0123456789');
    expect(
      await screen.findByText(/Checking the account name with Guaranty Trust Bank/, {}, TIMEOUT),
    ).toBeInTheDocument();
    release();
    expect(await screen.findByText('TUNDE BAKARE', {}, TIMEOUT)).toBeVisible();
    expect(number).not.toHaveAccessibleDescription(/could not find/);
    expect(verifications).toEqual([
      { bank_id: 1, account_bank: '058', account_number: '9999000001' },
      { bank_id: 1, account_bank: '058', account_number: '0123456789' },
    ]);

    await user.click(screen.getByRole('checkbox', { name: 'Add as beneficiary' }));
    await user.type(screen.getByLabelText('Amount'), '1000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('region', { name: 'Confirm your withdrawal' }, TIMEOUT);
    expect(rowsOf(confirm)).toEqual([
      'Bank: Guaranty Trust Bank',
      'Account name: TUNDE BAKARE',
      'Account number: 0123456789',
      'Amount: ₦1,000.00',
      'Fee: ₦50.00',
      'Total: ₦1,050.00',
      'Add as beneficiary: Yes',
    ]);
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await user.type(await screen.findByLabelText('PIN', {}, TIMEOUT), '1234');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await screen.findByRole('region', { name: 'Withdrawal requested' }, TIMEOUT);
    expect(requests[0]?.body).toEqual({
      amount: 1000,
      pin: '1234',
      bank_id: 1,
      account_bank: '058',
      account_number: '0123456789',
      add_as_beneficiary: true,
    });
  });

  it('will not continue to an account whose name did not resolve', async () => {
    serveWithdraw({ accounts: [] });
    const { user } = renderPage();
    await findForm();
    await user.click(await screen.findByRole('button', { name: 'Continue' }, TIMEOUT));
    expect(screen.getByRole('combobox', { name: 'Bank' })).toHaveAccessibleDescription(
      'Choose a bank',
    );
    expect(screen.getByLabelText('Account number')).toHaveAccessibleDescription(
      'Account number is required',
    );
    await user.click(screen.getByRole('combobox', { name: 'Bank' }));
    await user.click(await screen.findByRole('option', { name: 'Guaranty Trust Bank' }, TIMEOUT));
    await user.type(screen.getByLabelText('Account number'), '9999000001');
    await user.type(screen.getByLabelText('Amount'), '1000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => {
      expect(screen.getByLabelText('Account number')).toHaveAccessibleDescription(
        'We could not find this account at Guaranty Trust Bank. Check the number.',
      );
    });
    expect(screen.queryByRole('region', { name: 'Confirm your withdrawal' })).toBeNull();
  });

  it('checks the amount: required, format, minimum, per-withdrawal and daily limits, balance plus fee', async () => {
    // Two saved accounts: none is chosen for the user.
    serveWithdraw({
      balance: 10_000,
      terms: { daily_remaining: 8_000 },
      accounts: [savedGtBank, savedAccessBank],
    });
    const { user } = renderPage();
    await findForm();
    await screen.findByRole('radio', { name: /Access Bank/ }, TIMEOUT);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Choose where the money should go')).toBeInTheDocument();
    const amount = screen.getByLabelText('Amount');
    expect(amount).toHaveAccessibleDescription('Enter the amount to withdraw');

    await user.click(await screen.findByRole('radio', { name: /Guaranty Trust Bank/ }, TIMEOUT));
    // Digits and one point with two decimals at most.
    await user.type(amount, '1,500.555');
    expect(amount).toHaveValue('1500.55');
    await user.clear(amount);
    await user.type(amount, '999.99');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(amount).toHaveFocus();
    expect(amount).toHaveAccessibleDescription('The smallest withdrawal is ₦1,000.00.');

    await user.clear(amount);
    await user.type(amount, '600000');
    expect(amount).toHaveAccessibleDescription('You can withdraw at most ₦500,000.00 at a time.');
    await user.clear(amount);
    await user.type(amount, '9000');
    expect(amount).toHaveAccessibleDescription(
      'This would pass your daily limit of ₦1,000,000.00. You can withdraw up to ₦8,000.00 more today.',
    );
    await user.clear(amount);
    await user.type(amount, '7990');
    expect(amount).toHaveAccessibleDescription(
      'From ₦1,000.00 to ₦500,000.00 at a time; ₦8,000.00 left of today’s limit.',
    );
  });

  it('fills the balance less the fee with Withdraw all, which the confirmation takes whole', async () => {
    serveWithdraw({ balance: 10_000.5 });
    const { user } = renderPage();
    await findForm();
    await user.click(await screen.findByRole('button', { name: /^Withdraw all/ }, TIMEOUT));
    expect(screen.getByLabelText('Amount')).toHaveValue('9950.50');
    expect(
      screen.getByRole('button', {
        name: 'Withdraw all (₦9,950.50, your balance less the ₦50.00 fee)',
      }),
    ).toBeVisible();
    expect(screen.getByText('Total from your wallet').nextElementSibling).toHaveTextContent(
      '₦10,000.50',
    );
  });

  it('refuses an amount the balance cannot cover with the fee', async () => {
    serveWithdraw({ balance: 10_000 });
    const { user } = renderPage();
    await chooseSavedAndAmount(user, '9960');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByLabelText('Amount')).toHaveAccessibleDescription(
      'Your balance (₦10,000.00) is not enough for ₦9,960.00 plus the ₦50.00 fee.',
    );
    await user.clear(screen.getByLabelText('Amount'));
    await user.type(screen.getByLabelText('Amount'), '9950');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByRole('region', { name: 'Confirm your withdrawal' }, TIMEOUT),
    ).toHaveTextContent('Total₦10,000.00');
  });

  it('shows the room the KYC tier leaves today and refuses past it in the API’s words (decision 063)', async () => {
    serveWithdraw({ balance: 500_000, terms: makeTierTerms(1, 50_000) });
    const { user } = renderPage();
    await chooseSavedAndAmount(user, '1000');
    const amount = screen.getByLabelText('Amount');
    expect(amount).toHaveAccessibleDescription(
      'From ₦1,000.00 to ₦200,000.00 at a time; ₦150,000.00 left of today’s limit.',
    );
    expect(
      screen.getByText(/Your verification tier is 1: ₦150,000\.00 left today\./),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Raise your limit' })).toHaveAttribute(
      'href',
      '/dashboard/settings/verification',
    );
    await user.clear(amount);
    await user.type(amount, '250000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(amount).toHaveAccessibleDescription(
      'Your tier lets you withdraw ₦200,000 at a time. Verify your NIN to raise it to ₦1,000,000.',
    );
    await user.clear(amount);
    await user.type(amount, '160000');
    expect(amount).toHaveAccessibleDescription(
      'Your tier lets you withdraw ₦200,000 a day. Verify your NIN to raise it to ₦1,000,000. You can withdraw up to ₦150,000 more today.',
    );
  });

  it('keeps the Idempotency-Key when retrying after a network error, and makes a new one per confirmation', async () => {
    const { requests } = serveWithdraw({
      answers: [() => HttpResponse.error(), created],
    });
    const { user } = renderPage();
    await chooseSavedAndAmount(user);
    await confirmAndSend(user);
    const pinStep = await screen.findByRole('region', { name: 'Enter your PIN' }, TIMEOUT);
    expect(
      await within(pinStep).findByText(/Press Withdraw again: it repeats the same request/),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await screen.findByRole('region', { name: 'Withdrawal requested' }, TIMEOUT);
    expect(requests).toHaveLength(2);
    expect(requests[1]?.key).toBe(requests[0]?.key);
    expect(requests[1]?.body).toEqual(requests[0]?.body);

    await user.click(screen.getByRole('button', { name: 'Make another withdrawal' }));
    await chooseSavedAndAmount(user, '2000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // Back to the form and Continue again: a new confirmation, so a new key.
    await user.click(await screen.findByRole('button', { name: 'Back' }, TIMEOUT));
    await confirmAndSend(user);
    await screen.findByRole('region', { name: 'Withdrawal requested' }, TIMEOUT);
    expect(requests).toHaveLength(3);
    expect(requests[2]?.key).toMatch(UUID);
    expect(requests[2]?.key).not.toBe(requests[0]?.key);
  });

  it('shows a wrong PIN under the PIN and clears it', async () => {
    const { requests } = serveWithdraw({
      answers: [() => failure(401, 'Wrong PIN. You have 4 tries left.', 'pin'), created],
    });
    const { user } = renderPage();
    await chooseSavedAndAmount(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }, TIMEOUT));
    const pin = await screen.findByLabelText('PIN', {}, TIMEOUT);
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(pin).toHaveAccessibleDescription('PIN is required');
    await user.type(pin, '12');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(pin).toHaveAccessibleDescription('PIN must be 4 digits');
    expect(requests).toHaveLength(0);

    await user.type(pin, '99');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => {
      expect(pin).toHaveAccessibleDescription('Wrong PIN. You have 4 tries left.');
    });
    expect(pin).toHaveValue('');
    expect(pin).toHaveFocus();

    await user.type(pin, '1234');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await screen.findByRole('region', { name: 'Withdrawal requested' }, TIMEOUT);
    // The same confirmation: the server made nothing of the wrong PIN, so the key stays.
    expect(requests[1]?.key).toBe(requests[0]?.key);
  });

  it('says when withdrawals are locked after too many wrong PINs', async () => {
    const locked = 'Too many wrong PINs. Withdrawals are locked for 30 minutes.';
    serveWithdraw({
      answers: [
        () =>
          HttpResponse.json(
            { status: 'error', message: locked, errors: [{ field: 'pin', message: locked }] },
            { status: 429, headers: { 'Retry-After': '1800' } },
          ),
      ],
    });
    const { user } = renderPage();
    await chooseSavedAndAmount(user);
    await confirmAndSend(user);
    const pinStep = await screen.findByRole('region', { name: 'Enter your PIN' }, TIMEOUT);
    expect(await within(pinStep).findByRole('alert')).toHaveTextContent(locked);
    expect(screen.getByLabelText('PIN')).toBeDisabled();
    expect(screen.getByLabelText('PIN')).toHaveValue('');
    expect(within(pinStep).getByRole('button', { name: 'Withdraw' })).toBeDisabled();
  });

  it('takes an amount the server refuses back to the amount field', async () => {
    const refused = 'Your balance is not enough for ₦25,000.00 plus the ₦50 fee.';
    serveWithdraw({ answers: [() => failure(400, refused, 'amount')] });
    const { user } = renderPage();
    await chooseSavedAndAmount(user);
    await confirmAndSend(user);
    await findForm();
    const amount = screen.getByLabelText('Amount');
    await waitFor(() => {
      expect(amount).toHaveFocus();
    });
    expect(amount).toHaveAccessibleDescription(refused);
    expect(amount).toHaveValue('25000');
  });

  it('asks a user without a PIN to set one, then takes the PIN', async () => {
    serveWithdraw();
    server.use(
      http.post(api(`/user/update_pin/${testUser.id}`), () =>
        success({ ...testUser, kyc_verified: true, has_pin: true }, 'Your PIN has been set.'),
      ),
      http.get(api('/auth/current_user'), () =>
        success({ ...testUser, kyc_verified: true, has_pin: true }),
      ),
    );
    const { user } = renderPage({ has_pin: false });
    await chooseSavedAndAmount(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }, TIMEOUT));
    const pinStep = await screen.findByRole('region', { name: 'Enter your PIN' }, TIMEOUT);
    expect(pinStep).toHaveTextContent('You have not set a withdrawal PIN yet.');
    expect(within(pinStep).queryByLabelText('PIN')).not.toBeInTheDocument();

    await user.click(within(pinStep).getByRole('button', { name: 'Set PIN' }));
    const dialog = screen.getByRole('dialog', { name: 'Set your PIN' });
    await user.type(within(dialog).getByLabelText('Password'), 'Str0ng!pass');
    await user.type(within(dialog).getByLabelText('PIN'), '1234');
    await user.type(within(dialog).getByLabelText('Confirm PIN'), '1234');
    await user.click(within(dialog).getByRole('button', { name: 'Set PIN' }));

    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(within(pinStep).getByLabelText('PIN')).toBeInTheDocument();
  });

  it('sends a user without a verified BVN to verify it first, then back', async () => {
    serveWithdraw();
    server.use(
      http.post(api(`/user/verify_kyc/${testUser.id}`), () =>
        success({ kyc_verified: true, bvn_last4: '7890' }, 'BVN verified'),
      ),
      http.get(api('/auth/current_user'), () => success({ ...testUser, kyc_verified: true })),
    );
    const { user, router } = renderApp(PAGE, { preloadedState: signedInState() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Verify your BVN' }, TIMEOUT),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard/verify-bvn');
    await user.type(screen.getByLabelText('BVN'), '12345678901');
    await user.click(screen.getByRole('button', { name: 'Verify BVN' }));
    expect(await findForm()).toBeVisible();
    expect(router.state.location.pathname).toBe(PAGE);
  });

  it('keeps the form through a BVN check the server asks for', async () => {
    const { requests } = serveWithdraw({
      answers: [() => failure(400, 'Verify your BVN before you withdraw.', 'bvn'), created],
    });
    server.use(
      http.post(api(`/user/verify_kyc/${testUser.id}`), () =>
        success({ kyc_verified: true, bvn_last4: '7890' }, 'BVN verified'),
      ),
      http.get(api('/auth/current_user'), () => success({ ...testUser, kyc_verified: true })),
    );
    const { user, router } = renderPage();
    await chooseSavedAndAmount(user);
    await confirmAndSend(user);
    await screen.findByRole('heading', { level: 1, name: 'Verify your BVN' }, TIMEOUT);
    await user.type(screen.getByLabelText('BVN'), '12345678901');
    await user.click(screen.getByRole('button', { name: 'Verify BVN' }));
    await findForm();
    expect(router.state.location.pathname).toBe(PAGE);
    expect(screen.getByLabelText('Amount')).toHaveValue('25000');
    expect(screen.getByRole('radio', { name: /Guaranty Trust Bank/ })).toBeChecked();
    await confirmAndSend(user);
    await screen.findByRole('region', { name: 'Withdrawal requested' }, TIMEOUT);
    expect(requests).toHaveLength(2);
  });
});

describe('withdraw screen with two-step sign-in on (step-up, decision 061)', () => {
  /** A new account (GTBank 0123456789), ₦1,000, confirmed, PIN 1234, Withdraw. */
  async function withdrawToNewAccount(user: User) {
    await findForm();
    expect(await screen.findByRole('radio', { name: /Another account/ }, TIMEOUT)).toBeChecked();
    await user.click(screen.getByRole('combobox', { name: 'Bank' }));
    await user.click(await screen.findByRole('option', { name: 'Guaranty Trust Bank' }, TIMEOUT));
    await user.type(screen.getByLabelText('Account number'), '0123456789');
    expect(await screen.findByText('TUNDE BAKARE', {}, TIMEOUT)).toBeVisible();
    await user.type(screen.getByLabelText('Amount'), '1000');
    await confirmAndSend(user);
  }

  const findPrompt = () => screen.findByRole('dialog', { name: 'Confirm it is you' }, TIMEOUT);

  it('asks for the code in place, keeps the PIN step, and sends the same request with the same Idempotency-Key after the right code', async () => {
    const { requests } = serveWithdraw({ accounts: [], answers: [stepUpRequired, created] });
    const { codes } = serveStepUp('123456');
    const { user } = renderPage();
    await withdrawToNewAccount(user);

    const prompt = await findPrompt();
    expect(prompt).toHaveTextContent(STEP_UP_MESSAGE);
    const code = within(prompt).getByLabelText('6-digit code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveFocus();
    // What the seller typed is all still there, under the prompt.
    expect(screen.getByLabelText('PIN')).toHaveValue('1234');
    expect(screen.getByRole('region', { name: 'Enter your PIN' })).toHaveTextContent(
      /₦1,000\.00 to Guaranty Trust Bank •••• 6789 \(TUNDE BAKARE\)/,
    );

    await user.type(code, '000000');
    await user.click(within(prompt).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => {
      expect(within(prompt).getByLabelText('6-digit code')).toHaveAccessibleDescription(
        WRONG_CODE_MESSAGE,
      );
    });
    expect(requests).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Confirm it is you' })).toBeInTheDocument();

    await user.type(within(prompt).getByLabelText('6-digit code'), '123456');
    await user.click(within(prompt).getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('region', { name: 'Withdrawal requested' }, TIMEOUT);
    expect(screen.queryByRole('dialog', { name: 'Confirm it is you' })).not.toBeInTheDocument();
    expect(codes).toEqual(['000000', '123456']);
    expect(requests).toHaveLength(2);
    expect(requests[0]?.key).toMatch(UUID);
    expect(requests[1]?.key).toBe(requests[0]?.key);
    expect(requests[1]?.body).toEqual(requests[0]?.body);
    expect(requests[1]?.body).toEqual({
      amount: 1000,
      pin: '1234',
      bank_id: 1,
      account_bank: '058',
      account_number: '0123456789',
      add_as_beneficiary: false,
    });
  });

  it('asks for six digits before calling, and Cancel sends nothing and leaves the PIN step as it was', async () => {
    const { requests } = serveWithdraw({
      accounts: [],
      answers: [stepUpRequired, stepUpRequired, created],
    });
    const { codes } = serveStepUp();
    const { user } = renderPage();
    await withdrawToNewAccount(user);

    let prompt = await findPrompt();
    await user.type(within(prompt).getByLabelText('6-digit code'), '12');
    await user.click(within(prompt).getByRole('button', { name: 'Confirm' }));
    expect(within(prompt).getByLabelText('6-digit code')).toHaveAccessibleDescription(
      'Enter the 6-digit code from your authenticator app',
    );
    expect(codes).toEqual([]);

    await user.click(within(prompt).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Confirm it is you' })).not.toBeInTheDocument();
    const pinStep = screen.getByRole('region', { name: 'Enter your PIN' });
    expect(within(pinStep).getByLabelText('PIN')).toHaveValue('1234');
    expect(within(pinStep).queryByRole('alert')).not.toBeInTheDocument();
    expect(requests).toHaveLength(1);
    expect(codes).toEqual([]);

    // Withdraw again: the server asks again (nothing was stepped up), and the code then works.
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    prompt = await findPrompt();
    await user.type(within(prompt).getByLabelText('6-digit code'), '123456');
    await user.click(within(prompt).getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('region', { name: 'Withdrawal requested' }, TIMEOUT);
    expect(requests).toHaveLength(3);
    expect(new Set(requests.map((request) => request.key)).size).toBe(1);
  });
});
