import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveLiveStream } from '../../../testing/live-stream';
import { makeDeskWithdrawal, serveMoneyDesk } from '../../../testing/money-desk-fixtures';
import { renderApp, signedInState } from '../../../testing/render';

/**
 * The money desk on the live stream (decision 079): staff hear every withdrawal's change as a
 * `withdrawal` event, and the desk refreshes in place; it polls every 30 s only while the stream
 * is down.
 */

const TIMEOUT = { timeout: 5000 };

const processing = makeDeskWithdrawal();
const requested = makeDeskWithdrawal({
  id: '6f1c2d3e-0000-4000-8000-000000000003',
  transaction_id: 'wd_6f1c2d3e000040008000000000000003',
  status: 'pending',
  processing_at: null,
});

const renderDesk = () =>
  renderApp('/console/withdrawals', { preloadedState: signedInState({ role: 'operator' }) });

/** The list of every withdrawal, once loaded. */
const allWithdrawals = () => screen.findByRole('list', { name: 'All withdrawals' }, TIMEOUT);

afterEach(() => {
  vi.useRealTimers();
});

describe('money desk, live', () => {
  it('shows a new withdrawal as its event arrives, without a reload', async () => {
    const desk = serveMoneyDesk([processing]);
    const live = serveLiveStream();
    renderDesk();
    expect(within(await allWithdrawals()).getAllByRole('listitem')).toHaveLength(1);
    await waitFor(() => {
      expect(live.requests).toHaveLength(1);
    });

    desk.put(requested);
    live.send(51, 'withdrawal', {
      id: requested.id,
      reference: requested.transaction_id,
      status: 'pending',
    });

    await waitFor(async () => {
      expect(within(await allWithdrawals()).getAllByRole('listitem')).toHaveLength(2);
    }, TIMEOUT);
    expect(await allWithdrawals()).toHaveTextContent(requested.transaction_id);
  });

  it('does not poll while the stream is open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const desk = serveMoneyDesk([processing]);
    const live = serveLiveStream();
    const { unmount } = renderDesk();
    await allWithdrawals();
    await waitFor(() => {
      expect(live.requests).toHaveLength(1);
    });
    const loaded = desk.listRequests.length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(31_000);
    });
    expect(desk.listRequests).toHaveLength(loaded);
    unmount();
  });

  it('polls every 30 s while the stream is down', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // No live stream served: it answers 503, as when it is down.
    const desk = serveMoneyDesk([processing]);
    renderDesk();
    await allWithdrawals();
    const loaded = desk.listRequests.length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(31_000);
    });
    expect(desk.listRequests.length).toBeGreaterThan(loaded);
  });
});
