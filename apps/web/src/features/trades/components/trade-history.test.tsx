import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, signedInState } from '../../../testing/render';
import { api, failure, server, success, testUser } from '../../../testing/server';
import { makeTrade, pageOf } from '../../../testing/trade-fixtures';
import { SECOND_APPROVAL_WAITING } from '@karta/shared/constants';
import type { Trade } from '@karta/shared/schemas/trades';

const TIMEOUT = { timeout: 5000 };
const LIST = '/dashboard/transaction-history/trades';

const approved = makeTrade({
  id: 'trade-2',
  reference: 'KT-APPROVED',
  gift_card: { id: 'card-steam', name: 'Steam', img_info: { url: '' } },
  subcategory: { id: 'sub-9', name: 'UK e-code', currency: 'GBP' },
  amount: 50,
  rate: 1500,
  expected_value: 75_000,
  final_value: 74_500.5,
  status: 'approved',
  created_at: '2026-11-20T08:15:00.000Z',
});
const pending = makeTrade();

/** A trades API that records each list request and answers with `answer(params)`. */
function serveTrades(answer: (params: URLSearchParams) => { items: Trade[]; total?: number }) {
  const requests: URLSearchParams[] = [];
  server.use(
    http.get(api(`/trade/fetch_trade/${testUser.id}`), ({ request }) => {
      const params = new URL(request.url).searchParams;
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
  const list = await screen.findByRole('region', { name: 'Trades' }, TIMEOUT);
  return within(list).findAllByRole('listitem', {}, TIMEOUT);
};
const onlyRow = async () => {
  const [row] = await findRows();
  if (!row) throw new Error('no trade row');
  return row;
};

describe('trade history', () => {
  it('shows a friendly empty state, with the filters off, when there are no trades at all', async () => {
    renderList();
    const list = await screen.findByRole('region', { name: 'Trades' }, TIMEOUT);
    expect(
      await within(list).findByRole('heading', { name: 'No trades yet' }, TIMEOUT),
    ).toBeVisible();
    const filters = screen.getByRole('search', { name: 'Filter trades' });
    const status = within(filters).getByLabelText('Status');
    expect(status).toBeDisabled();
    expect(status).toHaveDisplayValue('All');
    expect(within(filters).getByLabelText('Date')).toBeDisabled();
    expect(filters).toHaveAccessibleDescription('Filters switch on once you have trades to sort.');
    expect(within(list).getByRole('link', { name: 'Trade a gift card' })).toHaveAttribute(
      'href',
      '/dashboard/trade',
    );
  });

  it('lists each trade with card, category, amount, naira value, status and Lagos date', async () => {
    const requests = serveTrades(() => ({ items: [pending, approved] }));
    renderList();
    const rows = await findRows();
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('Amazon');
    expect(first).toHaveTextContent('USA physical');
    expect(first).toHaveTextContent('$100');
    expect(first).toHaveTextContent('Expected₦118,000.00');
    expect(first).toHaveTextContent('Pending');
    expect(first).toHaveTextContent('21 Nov 2026, 14:02');
    expect(within(first).getByRole('link')).toHaveAttribute(
      'href',
      '/dashboard/transaction-history/trades/trade-1',
    );
    // Approved: the credited (final) value, not the expected one.
    expect(second).toHaveTextContent('£50');
    expect(second).toHaveTextContent('Credited₦74,500.50');
    expect(second).toHaveTextContent('Approved');
    expect(second).toHaveTextContent('20 Nov 2026, 09:15');
    expect(requests[0]?.toString()).toBe('page=1&size=10');
  });

  it('shows an offer to answer in its own look with the offered value, and each row its reference', async () => {
    const offered = makeTrade({
      id: 'trade-4',
      reference: 'KT-OFFER001',
      status: 'counter_offered',
      counter_offer: {
        value: 100_000,
        note: null,
        expires_at: '2026-11-22T13:02:00.000Z',
        if_no_answer: 'decline',
        answer: null,
      },
    });
    serveTrades(() => ({ items: [pending, offered] }));
    renderList();
    const [waiting, offer] = (await findRows()) as [HTMLElement, HTMLElement];
    expect(waiting).toHaveTextContent('Ref KT-7K3M9QX2');
    expect(offer).toHaveTextContent('Ref KT-OFFER001');
    // The value on the table, not the ₦118,000 asked for.
    expect(offer).toHaveTextContent('Offered₦100,000.00');
    expect(offer).not.toHaveTextContent('₦118,000.00');
    const pendingLook = [...within(waiting).getByText('Pending').classList].join(' ');
    expect(within(offer).getByText('Offer to answer').className).not.toBe(pendingLook);
  });

  it('says on the row when an approval or an addition to an approved trade waits, in the same words', async () => {
    serveTrades(() => ({
      items: [
        makeTrade({ id: 'trade-3', status: 'awaiting_second_approval' }),
        { ...approved, is_waiting_second_approval: true },
      ],
    }));
    renderList();
    const [approval, addition] = (await findRows()) as [HTMLElement, HTMLElement];
    expect(within(approval).getByText(SECOND_APPROVAL_WAITING)).toBeVisible();
    expect(within(addition).getByText('Approved')).toBeVisible();
    expect(within(addition).getByText(SECOND_APPROVAL_WAITING)).toHaveClass(
      ...within(approval).getByText(SECOND_APPROVAL_WAITING).classList,
    );
  });

  it('sends the status filter (none for All) and the date as date_query, kept in the address', async () => {
    const requests = serveTrades(() => ({ items: [pending] }));
    const { user, router } = renderList();
    await findRows();
    const filters = screen.getByRole('search', { name: 'Filter trades' });

    await user.selectOptions(within(filters).getByLabelText('Status'), 'Pending');
    await waitFor(() => {
      expect(requests.at(-1)?.get('status')).toBe('pending');
    });
    expect(router.state.location.search).toBe('?status=pending');

    await user.selectOptions(within(filters).getByLabelText('Status'), 'All');
    await waitFor(() => {
      expect(router.state.location.search).toBe('');
    });
    // Back to the first request's arguments: served from the cache, and it had no status.
    expect(requests.every((params) => params.get('status') !== '')).toBe(true);
    expect(requests[0]?.has('status')).toBe(false);

    await user.type(within(filters).getByLabelText('Date'), '2026-11-01');
    await waitFor(() => {
      expect(requests.at(-1)?.get('date_query')).toBe('2026-11-01');
    });
    await user.type(within(filters).getByLabelText(/^To/), '2026-11-20');
    await waitFor(() => {
      expect(requests.at(-1)?.get('date_query')).toBe('2026-11-01,2026-11-20');
    });
    expect(router.state.location.search).toBe('?date=2026-11-01&to=2026-11-20');
    expect(requests.at(-1)?.has('status')).toBe(false);
  });

  it('reads the filters and page from the address', async () => {
    const requests = serveTrades(() => ({ items: [approved], total: 11 }));
    renderList(`${LIST}?status=approved&date=2026-11-20&page=2`);
    await findRows();
    expect(requests[0]?.get('status')).toBe('approved');
    expect(requests[0]?.get('date_query')).toBe('2026-11-20');
    expect(requests[0]?.get('page')).toBe('2');
    expect(screen.getByLabelText('Status')).toHaveDisplayValue('Approved');
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });

  it('pages through the trades ten at a time', async () => {
    const requests = serveTrades((params) => ({
      items: [makeTrade({ id: `trade-p${params.get('page') ?? ''}` })],
      total: 23,
    }));
    const { user, router } = renderList();
    await findRows();
    const pages = screen.getByRole('navigation', { name: 'Trades pages' });
    expect(pages).toHaveTextContent('Page 1 of 3');
    expect(screen.getByText('Showing 1–10 of 23 trades')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 11–20 of 23 trades', {}, TIMEOUT)).toBeVisible();
    expect(requests.at(-1)?.get('page')).toBe('2');
    expect(requests.at(-1)?.get('size')).toBe('10');
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByRole('link', { name: /Amazon/ })).toHaveAttribute(
      'href',
      '/dashboard/transaction-history/trades/trade-p2',
    );

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 3 of 3', {}, TIMEOUT)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('says when no trade matches the filters, and clears them', async () => {
    const requests = serveTrades((params) => ({
      items: params.get('status') === 'rejected' ? [] : [pending],
    }));
    const { user, router } = renderList(`${LIST}?status=rejected`);
    const list = await screen.findByRole('region', { name: 'Trades' }, TIMEOUT);
    expect(
      await within(list).findByRole('heading', { name: 'No trades match these filters' }, TIMEOUT),
    ).toBeVisible();
    expect(screen.getByLabelText('Status')).toBeEnabled();

    await user.click(within(list).getByRole('button', { name: 'Clear filters' }));
    await findRows();
    expect(router.state.location.search).toBe('');
    expect(requests.at(-1)?.has('status')).toBe(false);
  });

  it('shows a loading state, then an error with a way to try again', async () => {
    let attempts = 0;
    server.use(
      http.get(api(`/trade/fetch_trade/${testUser.id}`), () => {
        attempts += 1;
        return attempts === 1 ? failure(500, 'Something went wrong') : success(pageOf([pending]));
      }),
    );
    const { user } = renderList();
    expect(
      await screen.findByRole('status', { name: 'Loading your trades' }, TIMEOUT),
    ).toBeVisible();
    expect(await screen.findByText('We could not load your trades.', {}, TIMEOUT)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await findRows()).toHaveLength(1);
  });

  it('opens a trade from the overview tab under the overview, and comes back with the filters', async () => {
    serveTrades(() => ({ items: [pending] }));
    server.use(
      http.get(api(`/trade/fetch_trade/${testUser.id}`), ({ request }) => {
        const params = new URL(request.url).searchParams;
        return params.get('trade_id') === 'trade-1' ? success(pending) : undefined;
      }),
    );
    const { user, router } = renderList(
      '/dashboard/overview/recent-transactions/trade-history?status=pending',
    );
    const link = within(await onlyRow()).getByRole('link');
    expect(link).toHaveAttribute(
      'href',
      '/dashboard/overview/recent-transactions/trade-history/trade-1',
    );
    await user.click(link);
    const back = await screen.findByRole('link', { name: 'Back to trade history' }, TIMEOUT);
    expect(back).toHaveAttribute(
      'href',
      '/dashboard/overview/recent-transactions/trade-history?status=pending',
    );
    await user.click(back);
    await waitFor(() => {
      expect(router.state.location.search).toBe('?status=pending');
    });
  });
});
