import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Notice } from '@karta/shared/schemas/notices';
import type { Trade } from '@karta/shared/schemas/trades';
import { serveLiveStream } from '../../testing/live-stream';
import { renderApp, signedInState } from '../../testing/render';
import { api, failure, server, success, testUser } from '../../testing/server';
import { makeTrade } from '../../testing/trade-fixtures';

const TRADE_ID = '5d0c7c1e-3f0a-4b8e-9d3c-6a2f1e7b9c01';
const pending = makeTrade({ id: TRADE_ID, reference: 'KT-LIVE0001', status: 'pending' });
const approved: Trade = {
  ...pending,
  status: 'approved',
  timeline: [...pending.timeline, { status: 'approved', at: '2026-11-21T15:40:00.000Z' }],
};
const notice: Notice = {
  id: '0b9f4c1e-1f7a-4a53-9a57-2f3c1d9e7a01',
  kind: 'trade_approved',
  title: 'Trade approved',
  body: 'Your trade KT-LIVE0001 was approved.',
  link: null,
  created_at: '2026-11-21T15:40:00.000Z',
  is_read: false,
};

/** The trade and the bell as the API answers them; `approve()` is the operator's decision. */
function serveSeller() {
  let trade = pending;
  let notices: Notice[] = [];
  server.use(
    http.get(api(`/trade/fetch_trade/${testUser.id}`), ({ request }) =>
      new URL(request.url).searchParams.get('trade_id') === TRADE_ID
        ? success(trade)
        : failure(404, 'Trade not found'),
    ),
    http.get(api('/user/notices/:userId'), () =>
      success({
        data: notices,
        meta: { page: 1, size: 20, total: notices.length, totalPages: 1 },
        unread_count: notices.filter((each) => !each.is_read).length,
      }),
    ),
  );
  return {
    approve() {
      trade = approved;
      notices = [notice];
    },
  };
}

const openTradePage = () =>
  renderApp(`/dashboard/transaction-history/trades/${TRADE_ID}`, {
    preloadedState: signedInState(),
  });

describe('live updates (decision 069)', () => {
  it('turns the open trade page to Approved and raises the bell when the events arrive', async () => {
    const seller = serveSeller();
    const live = serveLiveStream();
    openTradePage();
    await screen.findByRole('heading', { level: 1, name: 'Trade KT-LIVE0001' });
    await waitFor(() => {
      expect(live.requests).toHaveLength(1);
    });
    expect(screen.getByRole('button', { name: 'Notices' })).toBeInTheDocument();

    seller.approve();
    live.send(41, 'trade', { id: TRADE_ID, reference: 'KT-LIVE0001', status: 'approved' });
    live.send(42, 'notice', { id: notice.id, kind: 'trade_approved' });

    expect(await screen.findByText('Approved', { selector: 'span' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Notices, 1 unread' })).toBeInTheDocument();
  });

  it('sends the token in the Authorization header, never in the URL, and opens one stream per tab', async () => {
    serveSeller();
    const live = serveLiveStream();
    openTradePage();
    await waitFor(() => {
      expect(live.requests).toHaveLength(1);
    });
    const [request] = live.requests;
    expect(request?.headers.get('authorization')).toBeTruthy();
    expect(request?.url).toBe(api('/events'));
    // A second look later: still one.
    await screen.findByRole('heading', { level: 1, name: 'Trade KT-LIVE0001' });
    expect(live.requests).toHaveLength(1);
  });

  it('comes back with Last-Event-ID when the server ends the stream', async () => {
    serveSeller();
    const live = serveLiveStream();
    openTradePage();
    await waitFor(() => {
      expect(live.requests).toHaveLength(1);
    });
    live.send(41, 'notice', { id: notice.id, kind: 'trade_approved' });
    live.heartbeat();
    // Let the event be read before the end.
    await new Promise((resolve) => setTimeout(resolve, 50));
    live.end();
    await waitFor(() => {
      expect(live.requests).toHaveLength(2);
    });
    expect(live.requests[1]?.headers.get('last-event-id')).toBe('41');
  });

  it('says nothing when the stream fails: the page and the bell work as before', async () => {
    serveSeller();
    // The default: the stream answers 503.
    openTradePage();
    await screen.findByRole('heading', { level: 1, name: 'Trade KT-LIVE0001' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/unavailable|offline|connection/i)).not.toBeInTheDocument();
    expect(screen.getByText('Pending', { selector: 'span' })).toBeInTheDocument();
  });
});
