import { getLagosDate } from '@karta/shared/dates';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveBooks } from '../../../testing/books-fixtures';
import { catchDownloads } from '../../../testing/catch-downloads';
import { renderApp, signedInState } from '../../../testing/render';

const TIMEOUT = { timeout: 5000 };

const renderBooks = (path = '/console/reports', role: 'operator' | 'admin' = 'admin') =>
  renderApp(path, { preloadedState: signedInState({ role }) });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the books', () => {
  it('shows each day newest first, a chart with its table, and downloads the range as CSV', async () => {
    const { requests } = serveBooks({
      '2026-11-21': {
        trades_submitted: 12,
        trades_approved: 9,
        trades_rejected: 2,
        face_value_approved: [
          { currency: 'USD', amount: 900 },
          { currency: 'GBP', amount: 50 },
        ],
        credited: 1_062_000.5,
        withdrawals_paid: 3,
        withdrawals_paid_amount: 300_000,
        fees_earned: 150,
        float_end_of_day: 1_012_000.5,
      },
    });
    const saved = catchDownloads();
    const { user } = renderBooks('/console/reports?from=2026-11-20&to=2026-11-21');
    expect(await screen.findByRole('heading', { level: 1, name: 'Books' }, TIMEOUT)).toBeVisible();

    const table = await screen.findByRole('table', { name: /books per Lagos day/ }, TIMEOUT);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent(/^21 Nov 2026129 ?2\$900, £50₦1,062,000.50/);
    expect(rows[1]).toHaveTextContent('3 · ₦300,000.00');
    expect(rows[1]).toHaveTextContent('₦150.00₦1,012,000.50');
    expect(rows[2]).toHaveTextContent(/^20 Nov 2026000—₦0.00/);
    expect(screen.getByRole('img', { name: /credited to sellers and paid out/ })).toBeVisible();
    await user.click(screen.getByText('Show the chart as a table'));
    expect(
      screen.getByRole('row', { name: '21 Nov 2026 ₦1,062,000.50 ₦300,000.00' }),
    ).toBeVisible();

    await user.click(
      screen.getByRole('button', { name: 'Download CSV from 20 Nov 2026 to 21 Nov 2026' }),
    );
    await waitFor(() => {
      expect(saved).toHaveLength(1);
    });
    expect(saved[0]?.name).toBe('karta-books-2026-11-20-2026-11-21.csv');
    expect(await saved[0]?.blob.text()).toBe('day,credited_naira\r\n2026-11-20,1.00\r\n');
    expect(requests.at(-1)?.searchParams.get('format')).toBe('csv');

    await user.click(screen.getByRole('button', { name: 'Download CSV for 21 Nov 2026' }));
    await waitFor(() => {
      expect(saved).toHaveLength(2);
    });
    expect(saved[1]?.name).toBe('karta-books-2026-11-21-2026-11-21.csv');
  });

  it('opens on the last 30 Lagos days and checks a new range before asking', async () => {
    const { requests } = serveBooks();
    const { user } = renderBooks();
    await screen.findByRole('table', { name: /books per Lagos day/ }, TIMEOUT);
    const first = requests[0];
    expect(first?.searchParams.get('to')).toBe(getLagosDate(new Date()));
    expect(
      within(screen.getByRole('table', { name: /books per Lagos day/ })).getAllByRole('row'),
    ).toHaveLength(31);
    expect(screen.getByText('No trades or withdrawals on these days')).toBeVisible();

    const asked = requests.length;
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-12-01');
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The first day must be on or before the last day',
    );
    expect(requests).toHaveLength(asked);

    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-10-30');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => {
      expect(requests.at(-1)?.searchParams.get('from')).toBe('2026-10-30');
    });
    expect(requests.at(-1)?.searchParams.get('to')).toBe('2026-11-01');
  });

  it('says when the books could not load, and tries again', async () => {
    serveBooks({}, 1);
    const { user } = renderBooks('/console/reports?from=2026-11-20&to=2026-11-21');
    expect(await screen.findByText('We could not load the books.', {}, TIMEOUT)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('table', { name: /books per Lagos day/ }, TIMEOUT),
    ).toBeVisible();
  });

  it('is for admins: an operator is told so and has no Books link', async () => {
    const { requests } = serveBooks();
    renderBooks('/console/reports', 'operator');
    expect(await screen.findByText('Only admins read the books', {}, TIMEOUT)).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Operator console' });
    expect(within(nav).queryByRole('link', { name: 'Books' })).toBeNull();
    expect(requests).toHaveLength(0);
  });
});
