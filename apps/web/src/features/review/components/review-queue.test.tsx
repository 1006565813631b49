import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminTrade } from '@karta/shared/schemas/trades';
import { renderApp, signedInState } from '../../../testing/render';
import { makeAdminTrade, serveReview } from '../../../testing/review-fixtures';
import { api, failure, server, testUser } from '../../../testing/server';

const TIMEOUT = { timeout: 5000 };
const operator = () => signedInState({ role: 'operator' });

/** `count` pending trades, a minute apart from 13:00 UTC (14:00 in Lagos). */
const pendingTrades = (count: number): AdminTrade[] =>
  Array.from({ length: count }, (_, index) =>
    makeAdminTrade({
      id: `trade-${String(index + 1)}`,
      reference: `KT-PEND${String(index + 1).padStart(4, '0')}`,
      created_at: new Date(Date.UTC(2026, 10, 21, 13, index)).toISOString(),
    }),
  );

const findQueue = (name = 'Pending trades') => screen.findByRole('list', { name }, TIMEOUT);

afterEach(() => {
  vi.useRealTimers();
});

describe('review queue', () => {
  it('lists pending trades oldest first with seller, card, amounts, Lagos time, age and photos', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T13:14:30.000Z'));
    serveReview(
      [
        makeAdminTrade({
          id: 'trade-2',
          reference: 'KT-NEWER002',
          created_at: '2026-11-21T13:10:00.000Z',
        }),
        makeAdminTrade({
          images: [
            { id: 'a', url: 'https://files.example/a.webp', width: 800, height: 500 },
            { id: 'b', url: 'https://files.example/b.webp', width: 800, height: 500 },
          ],
        }),
      ],
      testUser.id,
    );
    renderApp('/console/trades', { preloadedState: operator() });
    const rows = within(await findQueue()).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const [oldest, newer] = rows as [HTMLElement, HTMLElement];
    for (const text of [
      'KT-7K3M9QX2',
      'Tunde Bakare',
      'Amazon · USA physical',
      '$100 USD',
      'Expected ₦118,000.00',
      '21 Nov 2026, 14:02',
      '12 min ago',
      '2 photos',
      'Pending',
    ]) {
      expect(oldest).toHaveTextContent(text);
    }
    expect(newer).toHaveTextContent('KT-NEWER002');
    expect(newer).toHaveTextContent('4 min ago');
    expect(newer).toHaveTextContent('1 photo');
    expect(within(oldest).getByRole('link')).toHaveAttribute('href', '/console/trades/trade-1');
    expect(screen.getByText('Showing 1–2 of 2 trades')).toBeInTheDocument();
  });

  it('asks for pending trades twenty to a page and pages through the address', async () => {
    const review = serveReview(pendingTrades(25), testUser.id);
    const { router, user } = renderApp('/console/trades', { preloadedState: operator() });
    expect(within(await findQueue()).getAllByRole('listitem')).toHaveLength(20);
    expect(Object.fromEntries(review.listRequests[0] ?? [])).toEqual({
      status: 'pending',
      page: '1',
      size: '20',
    });
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Showing 21–25 of 25 trades', undefined, TIMEOUT);
    expect(router.state.location.search).toBe('?page=2');
    const rows = within(await findQueue()).getAllByRole('listitem');
    expect(rows).toHaveLength(5);
    expect(rows[0]).toHaveTextContent('KT-PEND0021');
    expect(review.listRequests.at(-1)?.get('page')).toBe('2');
  });

  it('switches status with the tabs; All sends no status', async () => {
    const review = serveReview(
      [
        makeAdminTrade(),
        makeAdminTrade({
          id: 'trade-ok',
          reference: 'KT-APPROVED',
          status: 'approved',
          final_value: 115_000,
        }),
      ],
      testUser.id,
    );
    const { router, user } = renderApp('/console/trades', { preloadedState: operator() });
    await findQueue();
    const tabs = screen.getByRole('navigation', { name: 'Trade status' });
    expect(within(tabs).getByRole('link', { name: 'Pending' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Pending',
      'Waiting for a second approval',
      'Asked the seller',
      'Offered to the seller',
      'Approved',
      'Rejected',
      'Offer declined',
      'Cancelled',
      'All',
    ]);

    await user.click(within(tabs).getByRole('link', { name: 'Approved' }));
    const approved = within(await findQueue('Approved trades')).getAllByRole('listitem');
    expect(approved).toHaveLength(1);
    expect(approved[0]).toHaveTextContent('Credited ₦115,000.00');
    expect(router.state.location.search).toBe('?status=approved');
    expect(within(tabs).getByRole('link', { name: 'Approved' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await user.click(within(tabs).getByRole('link', { name: 'All' }));
    expect(within(await findQueue('All trades')).getAllByRole('listitem')).toHaveLength(2);
    expect(review.listRequests.at(-1)?.has('status')).toBe(false);

    await user.click(within(tabs).getByRole('link', { name: 'Rejected' }));
    expect(
      await screen.findByRole('heading', { name: 'No rejected trades' }, TIMEOUT),
    ).toBeInTheDocument();
  });

  it('asks again when the operator comes back to the window', async () => {
    const review = serveReview([], testUser.id);
    renderApp('/console/trades', { preloadedState: operator() });
    await screen.findByRole('heading', { name: 'No pending trades' }, TIMEOUT);
    const before = review.listRequests.length;
    review.setTrade(makeAdminTrade());
    fireEvent.focus(window);
    expect(within(await findQueue()).getAllByRole('listitem')).toHaveLength(1);
    expect(review.listRequests.length).toBe(before + 1);
  });

  it('says when nothing waits for review', async () => {
    serveReview([], testUser.id);
    renderApp('/console/trades', { preloadedState: operator() });
    expect(
      await screen.findByRole('heading', { name: 'No pending trades' }, TIMEOUT),
    ).toBeInTheDocument();
    expect(screen.getByText(/No trades are waiting for review/)).toBeInTheDocument();
  });

  it('offers to try again when the queue cannot be loaded', async () => {
    let isDown = true;
    const review = serveReview([makeAdminTrade()], testUser.id);
    server.use(
      http.get(api('/admin/trades'), () =>
        isDown ? failure(500, 'Something went wrong') : undefined,
      ),
    );
    const { user } = renderApp('/console/trades', { preloadedState: operator() });
    expect(
      await screen.findByText('We could not load the trades.', undefined, TIMEOUT),
    ).toBeInTheDocument();
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(within(await findQueue()).getAllByRole('listitem')).toHaveLength(1);
    await waitFor(() => {
      expect(review.listRequests.length).toBeGreaterThan(0);
    });
  });
});
