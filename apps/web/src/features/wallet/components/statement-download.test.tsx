import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addMonths, formatMonthName, getLagosMonth } from '@karta/shared/dates';
import { catchDownloads } from '../../../testing/catch-downloads';
import { renderApp, signedInState } from '../../../testing/render';
import { api, failure, server, testUser } from '../../../testing/server';

const TIMEOUT = { timeout: 5000 };
const PAGE = '/dashboard/overview/recent-transactions/trade-history';
const DOWNLOAD = api(`/transaction/statement/${testUser.id}/download`);

afterEach(() => {
  vi.restoreAllMocks();
});

const thisMonth = getLagosMonth(new Date());
/** An account opened on the 1st of two months ago: three months to choose from. */
const openedTwoMonthsAgo = `${addMonths(thisMonth, -2)}-01T12:00:00.000Z`;

describe('the statement download on the overview', () => {
  it('offers the months since the account opened, this one first, and saves CSV and PDF', async () => {
    const requests: URL[] = [];
    server.use(
      http.get(DOWNLOAD, ({ request }) => {
        const url = new URL(request.url);
        requests.push(url);
        expect(request.headers.get('authorization')).toBeTruthy();
        return url.searchParams.get('format') === 'csv'
          ? new HttpResponse('date_time_lagos,description\r\n', {
              headers: { 'content-type': 'text/csv; charset=utf-8' },
            })
          : new HttpResponse(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]), {
              headers: { 'content-type': 'application/pdf' },
            });
      }),
    );
    const saved = catchDownloads();
    const { user } = renderApp(PAGE, {
      preloadedState: signedInState({ created_at: openedTwoMonthsAgo }),
    });
    const section = await screen.findByRole('region', { name: 'Statement' }, TIMEOUT);
    const picker = within(section).getByLabelText('Month');
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      `${formatMonthName(thisMonth)} (so far)`,
      formatMonthName(addMonths(thisMonth, -1)),
      formatMonthName(addMonths(thisMonth, -2)),
    ]);

    await user.click(within(section).getByRole('button', { name: /^Download CSV/ }));
    await waitFor(() => {
      expect(saved).toHaveLength(1);
    });
    expect(saved[0]?.name).toBe(`karta-statement-${thisMonth}.csv`);
    expect(await saved[0]?.blob.text()).toBe('date_time_lagos,description\r\n');
    expect(await within(section).findByRole('status')).toHaveTextContent(
      `karta-statement-${thisMonth}.csv is downloading.`,
    );

    const lastMonth = addMonths(thisMonth, -1);
    await user.selectOptions(picker, lastMonth);
    await user.click(
      within(section).getByRole('button', {
        name: `Download PDF statement for ${formatMonthName(lastMonth)}`,
      }),
    );
    await waitFor(() => {
      expect(saved).toHaveLength(2);
    });
    expect(saved[1]?.name).toBe(`karta-statement-${lastMonth}.pdf`);
    expect(saved[1]?.blob.size).toBe(5);
    expect(requests.map((url) => Object.fromEntries(url.searchParams))).toEqual([
      { month: thisMonth, format: 'csv' },
      { month: lastMonth, format: 'pdf' },
    ]);
  });

  it('shows that it is preparing, then a refusal in place, once', async () => {
    let answer: (() => void) | undefined;
    server.use(
      http.get(DOWNLOAD, async () => {
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        return failure(
          400,
          'That month has not started yet. Choose this month or an earlier one.',
          'month',
        );
      }),
    );
    const saved = catchDownloads();
    const { user } = renderApp(PAGE, { preloadedState: signedInState() });
    const section = await screen.findByRole('region', { name: 'Statement' }, TIMEOUT);
    await user.click(within(section).getByRole('button', { name: /^Download PDF/ }));
    expect(await within(section).findByText(/^Preparing your .* statement\.\.\.$/)).toBeVisible();
    expect(within(section).getByRole('button', { name: /^Download CSV/ })).toBeDisabled();
    await waitFor(() => {
      expect(answer).toBeDefined();
    });
    answer?.();
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'That month has not started yet. Choose this month or an earlier one.',
    );
    expect(saved).toEqual([]);
    expect(within(section).getByRole('button', { name: /^Download PDF/ })).toBeEnabled();
    // Said once, where it happened: no toast repeats it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(
      screen.getAllByText('That month has not started yet. Choose this month or an earlier one.'),
    ).toHaveLength(1);
  });
});
