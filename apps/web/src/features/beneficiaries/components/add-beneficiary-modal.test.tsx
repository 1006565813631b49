import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { BeneficiaryAccount } from '@karta/shared/schemas/beneficiaries';
import { renderApp, signedInState } from '../../../testing/render';
import { api, failure, server, success, testUser } from '../../../testing/server';
import {
  serveStepUp,
  STEP_UP_MESSAGE,
  stepUpRequired,
  WRONG_CODE_MESSAGE,
} from '../../../testing/step-up-fixtures';
import { banks, savedGtBank } from '../../../testing/withdrawal-fixtures';

const TIMEOUT = { timeout: 5000 };
const PAGE = '/dashboard/settings/account/withdrawal-account';

/**
 * Saved accounts, banks, name resolution (9999… does not resolve) and adding, which saves
 * unless `addAnswer` answers otherwise.
 */
function serveAccounts(addAnswer?: () => Response | undefined) {
  let accounts: BeneficiaryAccount[] = [];
  const adds: unknown[] = [];
  server.use(
    http.get(api(`/user/get_beneficiary_banks/${testUser.id}`), () => success({ data: accounts })),
    http.get(api('/finance/get_banks'), () => success(banks)),
    http.post(api('/finance/verify_bank_account'), async ({ request }) => {
      const body = (await request.json()) as { account_number: string };
      return body.account_number.startsWith('9999')
        ? failure(
            400,
            'We could not find this account at Access Bank. Check the number.',
            'account_number',
          )
        : success({
            account_name: 'AMAKA OBI',
            account_number: body.account_number,
            bank_name: 'Access Bank',
          });
    }),
    http.post(api(`/user/add_beneficiary_account/${testUser.id}`), async ({ request }) => {
      const body = (await request.json()) as { account_number: string };
      adds.push(body);
      const answer = addAnswer?.();
      if (answer) return answer;
      const saved = {
        id: `b-${String(adds.length)}`,
        bank_name: 'Access Bank',
        account_name: 'AMAKA OBI',
        account_number: body.account_number,
        needs_approval: false,
      };
      accounts = [...accounts, saved];
      return HttpResponse.json(
        { status: 'success', message: 'Account saved', data: saved },
        { status: 201 },
      );
    }),
  );
  return { adds };
}

async function openDialog() {
  const view = renderApp(PAGE, { preloadedState: signedInState() });
  await view.user.click(await screen.findByRole('button', { name: 'Add account' }, TIMEOUT));
  const dialog = screen.getByRole('dialog', { name: 'Add a withdrawal account' });
  return { ...view, dialog };
}

async function fillAccount(
  user: ReturnType<typeof renderApp>['user'],
  dialog: HTMLElement,
  number: string,
) {
  await user.click(within(dialog).getByRole('combobox', { name: 'Bank' }));
  await user.click(await within(dialog).findByRole('option', { name: 'Access Bank' }, TIMEOUT));
  await user.type(within(dialog).getByLabelText('Account number'), number);
}

describe('add a withdrawal account', () => {
  it('shows the resolved name, saves bank and number, and refreshes the list', async () => {
    const { adds } = serveAccounts();
    const { user, dialog } = await openDialog();
    expect(await screen.findByText('No beneficiary account.', {}, TIMEOUT)).toBeInTheDocument();
    await fillAccount(user, dialog, '0690000031');
    expect(await within(dialog).findByText('AMAKA OBI', {}, TIMEOUT)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(adds).toEqual([{ bank_id: 2, account_bank: '044', account_number: '0690000031' }]);
    expect(
      await screen.findByText(
        'Access Bank account ending 0031 (AMAKA OBI) was saved.',
        {},
        TIMEOUT,
      ),
    ).toBeVisible();
    const list = await screen.findByRole('list', { name: 'Saved bank accounts' }, TIMEOUT);
    expect(list).toHaveTextContent('•••• 0031');
  });

  it('asks for the bank and the number, and saves nothing the bank cannot name', async () => {
    const { adds } = serveAccounts();
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('combobox', { name: 'Bank' })).toHaveAccessibleDescription(
      'Choose a bank',
    );
    expect(within(dialog).getByLabelText('Account number')).toHaveAccessibleDescription(
      'Account number is required',
    );

    await fillAccount(user, dialog, '9999000001');
    const number = within(dialog).getByLabelText('Account number');
    await waitFor(() => {
      expect(number).toHaveAccessibleDescription(
        'We could not find this account at Access Bank. Check the number.',
      );
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(adds).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Add a withdrawal account' })).toBeInTheDocument();
  });

  it('says when the account is already saved, or when saving failed for another reason', async () => {
    let answer = () => failure(409, 'This account is already saved.', 'account_number');
    serveAccounts(() => answer());
    const { user, dialog } = await openDialog();
    await fillAccount(user, dialog, '0690000031');
    await within(dialog).findByText('AMAKA OBI', {}, TIMEOUT);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(within(dialog).getByLabelText('Account number')).toHaveAccessibleDescription(
        'This account is already saved.',
      );
    });

    answer = () => failure(500, 'Something went wrong on our side.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Something went wrong on our side.', {}, TIMEOUT),
    ).toHaveAttribute('role', 'alert');
  });

  it('asks the bank again when it could not be reached', async () => {
    serveAccounts();
    let attempts = 0;
    server.use(
      http.post(api('/finance/verify_bank_account'), () => {
        attempts += 1;
        return attempts === 1
          ? failure(503, 'We could not reach the bank just now. Please try again in a minute.')
          : success({
              account_name: 'AMAKA OBI',
              account_number: '0690000031',
              bank_name: 'Access Bank',
            });
      }),
    );
    const { user, dialog } = await openDialog();
    await fillAccount(user, dialog, '0690000031');
    await user.click(
      await within(dialog).findByRole('button', { name: 'Check the account again' }, TIMEOUT),
    );
    expect(await within(dialog).findByText('AMAKA OBI', {}, TIMEOUT)).toBeVisible();
    expect(attempts).toBe(2);
  });
});

describe('an account not in the seller’s own name (decision 064)', () => {
  const REFUSAL =
    'This account is in the name of IBEKWE CHUKWUDI ANTHONY. Karta pays only into accounts in your own name, as on your BVN. You can ask Karta to approve it.';
  const notOwn = () =>
    HttpResponse.json(
      {
        status: 'error',
        code: 'NOT_OWN_ACCOUNT',
        message: REFUSAL,
        errors: [{ field: 'account_number', message: REFUSAL }],
      },
      { status: 400 },
    );

  it('shows the refusal in place with the bank’s name, saves nothing, and asks Karta to approve that account', async () => {
    const { adds } = serveAccounts(notOwn);
    const asks: unknown[] = [];
    server.use(
      http.post(api(`/user/request_account_approval/${testUser.id}`), async ({ request }) => {
        asks.push(await request.json());
        return HttpResponse.json(
          {
            status: 'success',
            message: 'Karta will look at this account and tell you the answer.',
            data: {
              id: 'a-1',
              bank_name: 'Access Bank',
              account_number: '9994000031',
              account_name: 'IBEKWE CHUKWUDI ANTHONY',
              status: 'pending',
              created_at: '2026-11-28T10:00:00.000Z',
              decided_at: null,
              decided_by_name: null,
              note: null,
            },
          },
          { status: 201 },
        );
      }),
    );
    const { user, dialog } = await openDialog();
    await fillAccount(user, dialog, '9994000031');
    await within(dialog).findByText('AMAKA OBI', {}, TIMEOUT);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByRole('alert', {}, TIMEOUT)).toHaveTextContent(REFUSAL);
    // Said once, in the dialog: not under the number as if it were mistyped.
    expect(within(dialog).getByLabelText('Account number')).not.toHaveAccessibleDescription(
      REFUSAL,
    );
    expect(adds).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Add a withdrawal account' })).toBeInTheDocument();

    await user.click(
      within(dialog).getByRole('button', { name: 'Ask Karta to approve this account' }),
    );
    expect(await within(dialog).findByRole('status', {}, TIMEOUT)).toHaveTextContent(
      'Karta will look at this account and tell you the answer by notice and e-mail.',
    );
    expect(asks).toEqual([{ bank_id: 2, account_bank: '044', account_number: '9994000031' }]);
    expect(
      within(dialog).queryByRole('button', { name: 'Ask Karta to approve this account' }),
    ).not.toBeInTheDocument();
  });

  it('forgets the refusal when the number changes', async () => {
    serveAccounts(notOwn);
    const { user, dialog } = await openDialog();
    await fillAccount(user, dialog, '9994000031');
    await within(dialog).findByText('AMAKA OBI', {}, TIMEOUT);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByRole('alert', {}, TIMEOUT);
    await user.type(within(dialog).getByLabelText('Account number'), '{Backspace}');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(
      within(dialog).queryByRole('button', { name: 'Ask Karta to approve this account' }),
    ).not.toBeInTheDocument();
  });
});

describe('add a withdrawal account with two-step sign-in on (step-up, decision 061)', () => {
  /** The first `refusals` adds answer 401 STEP_UP_REQUIRED; the next ones save. */
  const askFirst = (refusals: number) => {
    let calls = 0;
    return () => {
      calls += 1;
      return calls <= refusals ? stepUpRequired() : undefined;
    };
  };
  const findPrompt = () => screen.findByRole('dialog', { name: 'Confirm it is you' }, TIMEOUT);

  it('asks for the code over the filled form, says a wrong one in place, and saves the same account after the right one', async () => {
    const { adds } = serveAccounts(askFirst(1));
    const { codes } = serveStepUp('654321');
    const { user, dialog } = await openDialog();
    await fillAccount(user, dialog, '0690000031');
    await within(dialog).findByText('AMAKA OBI', {}, TIMEOUT);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const prompt = await findPrompt();
    expect(prompt).toHaveTextContent(STEP_UP_MESSAGE);
    const code = within(prompt).getByLabelText('6-digit code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    // The account form is still there and still filled.
    expect(within(dialog).getByRole('combobox', { name: 'Bank' })).toHaveValue('Access Bank');
    expect(within(dialog).getByLabelText('Account number')).toHaveValue('0690000031');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    await user.type(code, '111111');
    await user.click(within(prompt).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => {
      expect(within(prompt).getByLabelText('6-digit code')).toHaveAccessibleDescription(
        WRONG_CODE_MESSAGE,
      );
    });
    expect(within(prompt).getByLabelText('6-digit code')).toHaveValue('');
    expect(adds).toHaveLength(1);

    await user.type(within(prompt).getByLabelText('6-digit code'), '654321');
    await user.click(within(prompt).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(codes).toEqual(['111111', '654321']);
    const body = { bank_id: 2, account_bank: '044', account_number: '0690000031' };
    expect(adds).toEqual([body, body]);
    expect(
      await screen.findByText(
        'Access Bank account ending 0031 (AMAKA OBI) was saved.',
        {},
        TIMEOUT,
      ),
    ).toBeVisible();
  });

  it('Cancel and Escape close only the code prompt: the account form stays filled and nothing is saved', async () => {
    const { adds } = serveAccounts(askFirst(2));
    const { codes } = serveStepUp();
    const { user, dialog } = await openDialog();
    await fillAccount(user, dialog, '0690000031');
    await within(dialog).findByText('AMAKA OBI', {}, TIMEOUT);

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await user.click(within(await findPrompt()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Confirm it is you' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add a withdrawal account' })).toBe(dialog);
    expect(within(dialog).getByLabelText('Account number')).toHaveValue('0690000031');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await findPrompt();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Confirm it is you' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add a withdrawal account' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Account number')).toHaveValue('0690000031');

    expect(adds).toHaveLength(2);
    expect(codes).toEqual([]);
    const list = await screen.findByText('No beneficiary account.', {}, TIMEOUT);
    expect(list).toBeInTheDocument();
  });
});

describe('the bank list, searched by the names people use', () => {
  it('lists the bank of the last saved account first, and finds "GTB"', async () => {
    serveAccounts();
    server.use(
      http.get(api(`/user/get_beneficiary_banks/${testUser.id}`), () =>
        success({ data: [{ ...savedGtBank, bank_name: 'OPay' }] }),
      ),
    );
    const { user, dialog } = await openDialog();
    const box = within(dialog).getByRole('combobox', { name: 'Bank' });
    await user.click(box);
    const options = await within(dialog).findAllByRole('option', {}, TIMEOUT);
    expect(options.map((option) => option.textContent)).toEqual([
      'OPay',
      'Access Bank',
      'Guaranty Trust Bank',
    ]);
    await user.type(box, 'GTB');
    expect(
      (await within(dialog).findAllByRole('option', {}, TIMEOUT)).map(
        (option) => option.textContent,
      ),
    ).toEqual(['Guaranty Trust Bank']);
  });
});
