import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, signedInState } from '../../../testing/render';
import { api, failure, server, success, testUser } from '../../../testing/server';
import type { BeneficiaryAccount } from '@karta/shared/schemas/beneficiaries';

const PAGE = '/dashboard/settings/account/withdrawal-account';
const gtBank: BeneficiaryAccount = {
  id: 'b1',
  bank_name: 'GTBank',
  account_name: 'AMAKA OBI',
  account_number: '0123456322',
  needs_approval: false,
};
const opay: BeneficiaryAccount = {
  id: 'b2',
  bank_name: 'OPay',
  account_name: 'AMAKA OBI',
  account_number: '8031234567',
  needs_approval: false,
};

/** A tiny beneficiaries API: the list, and a delete that really removes from it. */
function serveBeneficiaries(initial: BeneficiaryAccount[], deleteMessage = 'success') {
  let accounts = [...initial];
  const deletes: unknown[] = [];
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  server.use(
    http.get(api(`/user/get_beneficiary_banks/${testUser.id}`), () => success({ data: accounts })),
    http.post(api('/user/delete_beneficiary_account'), async ({ request }) => {
      const body = (await request.json()) as { beneficiary_account_id: string };
      deletes.push(body);
      await gate;
      if (deleteMessage === 'success') {
        accounts = accounts.filter((account) => account.id !== body.beneficiary_account_id);
      }
      return HttpResponse.json({ status: 'success', message: deleteMessage, data: null });
    }),
  );
  return { deletes, release };
}

const renderPage = () => renderApp(PAGE, { preloadedState: signedInState() });
const findList = () =>
  screen.findByRole('list', { name: 'Saved bank accounts' }, { timeout: 5000 });

describe('withdrawal accounts (docs/product.md §2)', () => {
  it('lists each account with bank, name and only the last four digits', async () => {
    serveBeneficiaries([gtBank, opay]);
    renderPage();
    const list = await findList();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('GTBank');
    expect(cards[0]).toHaveTextContent('AMAKA OBI');
    expect(cards[0]).toHaveTextContent('•••• 6322');
    expect(cards[0]).not.toHaveTextContent('0123456322');
    expect(
      within(list).getByRole('button', { name: 'Delete OPay account ending 4567' }),
    ).toBeInTheDocument();
    expect(list).not.toHaveTextContent('Not in your name');
  });

  it('says which saved account is not in the seller’s name and waits for Karta’s approval (decision 064)', async () => {
    serveBeneficiaries([
      gtBank,
      { ...opay, account_name: 'IBEKWE CHUKWUDI', needs_approval: true },
    ]);
    renderPage();
    const cards = within(await findList()).getAllByRole('listitem');
    expect(cards[0]).not.toHaveTextContent('Not in your name');
    expect(cards[1]).toHaveTextContent(
      'Not in your name, as on your BVN: Karta pays into it only once approved. To ask, add it again with Add account.',
    );
  });

  it('says No beneficiary account. when there is none', async () => {
    serveBeneficiaries([]);
    renderPage();
    expect(await screen.findByText('No beneficiary account.', {}, { timeout: 5000 })).toBeVisible();
  });

  it('shows a loading state, then an error with a way to try again', async () => {
    let attempts = 0;
    server.use(
      http.get(api(`/user/get_beneficiary_banks/${testUser.id}`), () => {
        attempts += 1;
        return attempts === 1 ? failure(500, 'Something went wrong') : success({ data: [gtBank] });
      }),
    );
    const { user } = renderPage();
    // The dashboard's own skeleton is a status too while the page's code loads: find this one.
    const loading = await screen.findByText('Loading your withdrawal accounts...', undefined, {
      timeout: 5000,
    });
    expect(loading.closest('[role="status"]')).not.toBeNull();
    expect(
      await screen.findByText('We could not load your withdrawal accounts.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await findList()).toHaveTextContent('GTBank');
  });

  it('deletes an account after confirmation and refreshes the list', async () => {
    const { deletes, release } = serveBeneficiaries([gtBank, opay]);
    const { user } = renderPage();
    const list = await findList();
    await user.click(
      within(list).getByRole('button', { name: 'Delete GTBank account ending 6322' }),
    );

    const dialog = screen.getByRole('dialog', { name: 'Delete This Account?' });
    expect(dialog).toHaveTextContent('This action cannot be reversed.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await within(dialog).findByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(deletes).toEqual([{ user_id: testUser.id, beneficiary_account_id: 'b1' }]);
    release();

    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    await waitFor(() => {
      expect(screen.queryByText('•••• 6322')).not.toBeInTheDocument();
    });
    expect(screen.getByText('•••• 4567')).toBeInTheDocument();
  });

  it('warns that deleting the automatic withdrawal account turns it off, then reads the user again', async () => {
    const { release } = serveBeneficiaries([gtBank]);
    release();
    const stopped = {
      enabled: false,
      beneficiary_account_id: null,
      changed_at: '2026-11-21T13:02:00.000Z',
      stopped_reason: 'You deleted the account it sent your money to.',
    };
    server.use(
      http.get(api('/auth/current_user'), () => success({ ...testUser, auto_withdrawal: stopped })),
    );
    const { user, store } = renderApp(PAGE, {
      preloadedState: signedInState({
        auto_withdrawal: {
          enabled: true,
          beneficiary_account_id: gtBank.id,
          changed_at: null,
          stopped_reason: null,
        },
      }),
    });
    const list = await findList();
    await user.click(
      within(list).getByRole('button', { name: 'Delete GTBank account ending 6322' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete This Account?' });
    expect(dialog).toHaveTextContent(
      'Automatic withdrawal sends your approved trades to this account. Deleting it turns automatic withdrawal off',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => {
      expect(store.getState().auth.user?.auto_withdrawal).toEqual(stopped);
    });
  });

  it('leaves everything as it was on Cancel', async () => {
    const { deletes } = serveBeneficiaries([gtBank]);
    const { user } = renderPage();
    const list = await findList();
    await user.click(
      within(list).getByRole('button', { name: 'Delete GTBank account ending 6322' }),
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(deletes).toHaveLength(0);
    expect(screen.getByText('•••• 6322')).toBeInTheDocument();
  });

  it('keeps the dialog open when the API does not answer success', async () => {
    const { release } = serveBeneficiaries([gtBank], 'not deleted');
    release();
    const { user } = renderPage();
    const list = await findList();
    await user.click(
      within(list).getByRole('button', { name: 'Delete GTBank account ending 6322' }),
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The account was not deleted: not deleted',
    );
    expect(screen.getByRole('dialog', { name: 'Delete This Account?' })).toBeInTheDocument();
  });
});
