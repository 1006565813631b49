import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Withdrawal } from '@karta/shared/schemas/withdrawals';
import { renderApp, signedInState } from '../../../testing/render';
import { api, failure, server, success, testUser } from '../../../testing/server';
import { pageOf } from '../../../testing/trade-fixtures';
import { makeWithdrawal } from '../../../testing/withdrawal-fixtures';

const TIMEOUT = { timeout: 5000 };
const LIST = '/dashboard/transaction-history/withdrawal';

const pending = makeWithdrawal();
const paid = makeWithdrawal({
  id: 'wd-2',
  transaction_id: 'wd_paid',
  amount: 150_000.5,
  total: 150_050.5,
  status: 'successful',
  bank_name: 'OPay',
  account_number: '8031234567',
  created_at: '2026-11-20T08:15:00.000Z',
});

/** A withdrawals API that records each list request and answers with `answer(params)`. */
function serveWithdrawals(
  answer: (params: URLSearchParams) => { items: Withdrawal[]; total?: number },
) {
  const requests: URLSearchParams[] = [];
  server.use(
    http.get(api(`/transaction/fetch_withdrawal_request/${testUser.id}`), ({ request }) => {
      const params = new URL(request.url).searchParams;
      if (params.has('transaction_id')) return undefined;
      requests.push(params);
      const { items, total } = answer(params);
      return success(
        pageOf(items, { page: Number(params.get('page')), ...(total ? { total } : {}) }),
      );
    }),
  );
  return requests;
}

const renderList = (path = LIST) => renderApp(path, { preloadedState: signedInState() });
const findRows = async () => {
  const list = await screen.findByRole('region', { name: 'Withdrawals' }, TIMEOUT);
  return within(list).findAllByRole('listitem', {}, TIMEOUT);
};

describe('withdrawal history', () => {
  it('shows the filters (off until there are withdrawals) and a friendly empty state', async () => {
    renderList();
    const list = await screen.findByRole('region', { name: 'Withdrawals' }, TIMEOUT);
    expect(
      await within(list).findByRole('heading', { name: 'No withdrawals yet' }, TIMEOUT),
    ).toBeVisible();
    const filters = screen.getByRole('search', { name: 'Filter withdrawals' });
    expect(within(filters).getByLabelText('Status')).toBeDisabled();
    expect(
      within(filters)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'Pending', 'Processing', 'Successful', 'Failed']);
    expect(within(filters).getByLabelText('Date')).toBeDisabled();
    expect(within(list).getByRole('link', { name: 'Withdraw to your bank' })).toHaveAttribute(
      'href',
      '/dashboard/withdraw',
    );
  });

  it('lists each withdrawal with bank, masked account, amount, total, status and Lagos date', async () => {
    const requests = serveWithdrawals(() => ({ items: [pending, paid] }));
    renderList();
    const rows = await findRows();
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('Guaranty Trust Bank •••• 6322');
    expect(first).not.toHaveTextContent('0123456322');
    expect(first).toHaveTextContent('AMAKA OBI');
    expect(first).toHaveTextContent('₦25,000.00');
    expect(first).toHaveTextContent('Total ₦25,050.00');
    expect(first).toHaveTextContent('Pending');
    expect(first).toHaveTextContent('21 Nov 2026, 14:02');
    expect(within(first).getByRole('link')).toHaveAttribute(
      'href',
      '/dashboard/transaction-history/withdrawal/wd_6f1c2d3e000040008000000000000001',
    );
    expect(second).toHaveTextContent('OPay •••• 4567');
    expect(second).toHaveTextContent('₦150,000.50');
    expect(second).toHaveTextContent('Successful');
    expect(second).toHaveTextContent('20 Nov 2026, 09:15');
    expect(requests[0]?.toString()).toBe('page=1&size=10');
    expect(first).not.toHaveTextContent('Automatic');
  });

  it('marks the withdrawals automatic withdrawal sent (decision 038)', async () => {
    serveWithdrawals(() => ({
      items: [makeWithdrawal({ is_automatic: true, trade_id: 'trade-1' })],
    }));
    renderList();
    const [row] = await findRows();
    expect(row).toHaveTextContent('Guaranty Trust Bank •••• 6322 Automatic');
  });

  it('sends the status filter (none for All) and the date as date_query, kept in the address', async () => {
    const requests = serveWithdrawals(() => ({ items: [pending] }));
    const { user, router } = renderList();
    await findRows();
    const filters = screen.getByRole('search', { name: 'Filter withdrawals' });

    await user.selectOptions(within(filters).getByLabelText('Status'), 'Processing');
    await waitFor(() => {
      expect(requests.at(-1)?.get('status')).toBe('processing');
    });
    expect(router.state.location.search).toBe('?status=processing');

    await user.selectOptions(within(filters).getByLabelText('Status'), 'All');
    await user.type(within(filters).getByLabelText('Date'), '2026-11-01');
    await user.type(within(filters).getByLabelText(/^To/), '2026-11-20');
    await waitFor(() => {
      expect(requests.at(-1)?.get('date_query')).toBe('2026-11-01,2026-11-20');
    });
    expect(requests.at(-1)?.has('status')).toBe(false);
    expect(router.state.location.search).toBe('?date=2026-11-01&to=2026-11-20');
  });

  it('pages through the withdrawals ten at a time', async () => {
    const requests = serveWithdrawals((params) => ({
      items: [makeWithdrawal({ id: `w-${params.get('page') ?? ''}` })],
      total: 23,
    }));
    const { user, router } = renderList();
    await findRows();
    const pages = screen.getByRole('navigation', { name: 'Withdrawals pages' });
    expect(pages).toHaveTextContent('Page 1 of 3');
    expect(screen.getByText('Showing 1–10 of 23 withdrawals')).toBeInTheDocument();
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 11–20 of 23 withdrawals', {}, TIMEOUT)).toBeVisible();
    expect(requests.at(-1)?.get('page')).toBe('2');
    expect(requests.at(-1)?.get('size')).toBe('10');
    expect(router.state.location.search).toBe('?page=2');
  });

  it('says when no withdrawal matches the filters, and clears them', async () => {
    const requests = serveWithdrawals((params) => ({
      items: params.get('status') === 'failed' ? [] : [pending],
    }));
    const { user, router } = renderList(`${LIST}?status=failed`);
    const list = await screen.findByRole('region', { name: 'Withdrawals' }, TIMEOUT);
    expect(
      await within(list).findByRole(
        'heading',
        { name: 'No withdrawals match these filters' },
        TIMEOUT,
      ),
    ).toBeVisible();
    await user.click(within(list).getByRole('button', { name: 'Clear filters' }));
    await findRows();
    expect(router.state.location.search).toBe('');
    expect(requests.at(-1)?.has('status')).toBe(false);
  });

  it('shows an error with a way to try again', async () => {
    let attempts = 0;
    server.use(
      http.get(api(`/transaction/fetch_withdrawal_request/${testUser.id}`), () => {
        attempts += 1;
        return attempts === 1 ? failure(500, 'Something went wrong') : success(pageOf([pending]));
      }),
    );
    const { user } = renderList();
    expect(
      await screen.findByText('We could not load your withdrawals.', {}, TIMEOUT),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await findRows()).toHaveLength(1);
  });

  it('opens a withdrawal from the overview tab and comes back with the filters', async () => {
    serveWithdrawals(() => ({ items: [pending] }));
    server.use(
      http.get(api(`/transaction/fetch_withdrawal_request/${testUser.id}`), ({ request }) =>
        new URL(request.url).searchParams.get('transaction_id') === pending.transaction_id
          ? success(pending)
          : undefined,
      ),
    );
    const { user, router } = renderList(
      '/dashboard/overview/recent-transactions/withdrawal-history?status=pending',
    );
    const [row] = await findRows();
    if (!row) throw new Error('no withdrawal row');
    const link = within(row).getByRole('link');
    expect(link).toHaveAttribute(
      'href',
      `/dashboard/overview/recent-transactions/withdrawal-history/${pending.transaction_id}`,
    );
    await user.click(link);
    const back = await screen.findByRole('link', { name: 'Back to withdrawal history' }, TIMEOUT);
    expect(back).toHaveAttribute(
      'href',
      '/dashboard/overview/recent-transactions/withdrawal-history?status=pending',
    );
    await user.click(back);
    await waitFor(() => {
      expect(router.state.location.search).toBe('?status=pending');
    });
  });
});
