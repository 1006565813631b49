import type { Notice } from '@karta/shared/schemas/notices';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, signedInState } from '../../../testing/render';
import { api, failure, server, success, testUser } from '../../../testing/server';
import { NOTICES_POLL_MS, NoticesBell } from './notices-bell';

const approved: Notice = {
  id: '0b9f4c1e-1f7a-4a53-9a57-2f3c1d9e7a01',
  kind: 'trade_approved',
  title: 'Trade approved: ₦118,000.00 credited',
  body: 'Your Amazon trade KT-7Q2X (100 USD) was approved and ₦118,000.00 was added to your wallet.',
  link: '/dashboard/transaction-history/trades/0b9f4c1e',
  // 14:02 in Lagos (UTC+1).
  created_at: '2026-11-21T13:02:00.000Z',
  is_read: false,
};
const paid: Notice = {
  id: '0b9f4c1e-1f7a-4a53-9a57-2f3c1d9e7a02',
  kind: 'withdrawal_paid',
  title: 'Withdrawal paid: ₦1,000.00',
  body: '₦1,000.00 was sent to AMAKA OBI, Guaranty Trust Bank ••••6322.',
  link: '/dashboard/transaction-history/withdrawal/WD-1',
  created_at: '2026-11-20T08:15:00.000Z',
  is_read: true,
};

/** The API as the bell sees it: the notices, and a read that marks them all. */
function serveNotices(initial: Notice[]) {
  let notices = initial;
  const calls = { lists: 0, reads: 0 };
  server.use(
    http.get(api('/user/notices/:userId'), () => {
      calls.lists += 1;
      return success({
        data: notices,
        meta: { page: 1, size: 20, total: notices.length, totalPages: 1 },
        unread_count: notices.filter((notice) => !notice.is_read).length,
      });
    }),
    http.post(api('/user/read_notices/:userId'), () => {
      calls.reads += 1;
      notices = notices.map((notice) => ({ ...notice, is_read: true }));
      return success(null, 'Notices read');
    }),
  );
  return calls;
}

const unreadNotices = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    ...approved,
    id: `0b9f4c1e-1f7a-4a53-9a57-2f3c1d9e7b${String(i).padStart(2, '0')}`,
  }));

const renderBell = () =>
  renderWithProviders(
    <div>
      <p>Outside</p>
      <NoticesBell userId={testUser.id} />
    </div>,
    { preloadedState: signedInState() },
  );

afterEach(() => {
  vi.useRealTimers();
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
});

describe('notices bell (decision 040)', () => {
  it('names the unread count, and shows it in a badge', async () => {
    serveNotices([approved, { ...approved, id: `${approved.id.slice(0, -1)}9` }, paid]);
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notices, 2 unread' });
    expect(within(bell).getByTestId('notices-badge')).toHaveTextContent('2');
  });

  it('shows 9+ over nine unread, and its name says what it shows, then the exact count', async () => {
    serveNotices(unreadNotices(12));
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notices, 9+ unread (12)' });
    expect(within(bell).getByTestId('notices-badge')).toHaveTextContent('9+');
  });

  it('hides the badge when nothing is unread', async () => {
    const calls = serveNotices([paid]);
    renderBell();
    await waitFor(() => {
      expect(calls.lists).toBe(1);
    });
    const bell = screen.getByRole('button', { name: 'Notices' });
    expect(within(bell).queryByTestId('notices-badge')).not.toBeInTheDocument();
  });

  it('lists the notices newest first when opened, marks the unread, and reads them all', async () => {
    const calls = serveNotices([approved, paid]);
    const { user } = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notices, 1 unread' }));

    const panel = screen.getByRole('dialog', { name: 'Notices' });
    const items = await within(panel).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [first, second] = items;
    if (!first || !second) throw new Error('two notices');
    expect(first).toHaveTextContent(approved.title);
    expect(first).toHaveTextContent(approved.body);
    expect(first).toHaveTextContent('21 Nov 2026, 14:02');
    expect(first).toHaveTextContent('New');
    expect(within(first).getByRole('link')).toHaveAttribute('href', approved.link);
    expect(second).toHaveTextContent('20 Nov 2026, 09:15');
    expect(second).not.toHaveTextContent('New');

    // Opening the bell marks everything read on the server; the count is gone, the marks stay.
    await waitFor(() => {
      expect(calls.reads).toBe(1);
    });
    expect(await screen.findByRole('button', { name: 'Notices' })).toBeInTheDocument();
    expect(screen.queryByTestId('notices-badge')).not.toBeInTheDocument();
    expect(first).toHaveTextContent('New');
  });

  it('does not write when nothing is unread', async () => {
    const calls = serveNotices([paid]);
    const { user } = renderBell();
    await waitFor(() => {
      expect(calls.lists).toBe(1);
    });
    await user.click(screen.getByRole('button', { name: 'Notices' }));
    expect(await screen.findByText(paid.title)).toBeInTheDocument();
    await waitFor(() => {
      expect(calls.lists).toBe(2);
    });
    expect(calls.reads).toBe(0);
  });

  it('says No notices yet when there are none', async () => {
    serveNotices([]);
    const { user } = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notices' }));
    expect(await screen.findByText('No notices yet')).toBeInTheDocument();
  });

  it('shows a loading state, then an error with a retry that loads the list', async () => {
    let isDown = true;
    // The failures wait until the test lets them go, so the loading state can be seen.
    let release: (() => void) | undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get(api('/user/notices/:userId'), async () => {
        if (!isDown) {
          return success({
            data: [paid],
            meta: { page: 1, size: 20, total: 1, totalPages: 1 },
            unread_count: 0,
          });
        }
        await released;
        return failure(500, 'Something went wrong');
      }),
    );
    const { user } = renderBell();
    await user.click(screen.getByRole('button', { name: 'Notices' }));
    expect(within(screen.getByRole('dialog')).getByText('Loading notices')).toBeInTheDocument();
    release?.();
    expect(await screen.findByText('We could not load your notices.')).toBeInTheDocument();
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(paid.title)).toBeInTheDocument();
    expect(screen.queryByText('We could not load your notices.')).not.toBeInTheDocument();
  });

  it('moves focus into the panel, closes on Escape with focus back on the bell', async () => {
    serveNotices([paid]);
    const { user } = renderBell();
    const bell = await screen.findByRole('button', { name: 'Notices' });
    await user.click(bell);
    const panel = screen.getByRole('dialog', { name: 'Notices' });
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    expect(bell).toHaveFocus();
  });

  it('closes when Tab leaves the panel', async () => {
    serveNotices([paid]);
    const { user } = renderWithProviders(
      <div>
        <NoticesBell userId={testUser.id} />
        <button type="button">After</button>
      </div>,
      { preloadedState: signedInState() },
    );
    await user.click(await screen.findByRole('button', { name: 'Notices' }));
    const link = await screen.findByRole('link', { name: /Withdrawal paid/ });
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close notices' })).toHaveFocus();
    await user.tab();
    expect(link).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes on a click outside, and on following a notice to its record', async () => {
    serveNotices([approved]);
    const { user, router } = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notices, 1 unread' }));
    await user.click(screen.getByText('Outside'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Notices/ }));
    await user.click(await screen.findByRole('link', { name: /Trade approved/ }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(approved.link);
  });

  it('asks for the count every 30 s while the tab is visible, not while hidden, and on focus', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = serveNotices([]);
    renderBell();
    await waitFor(() => {
      expect(calls.lists).toBe(1);
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(NOTICES_POLL_MS);
    });
    await waitFor(() => {
      expect(calls.lists).toBe(2);
    });

    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(NOTICES_POLL_MS * 3);
    });
    expect(calls.lists).toBe(2);

    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => {
      expect(calls.lists).toBe(3);
    });
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => {
      expect(calls.lists).toBe(4);
    });
  });
});
