import { act, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { RECORD_POLL_MS } from '../../../components/history/record-detail';
import type { Withdrawal } from '@karta/shared/schemas/withdrawals';
import { renderApp, signedInState } from '../../../testing/render';
import { api, server, success, testUser } from '../../../testing/server';
import { makeWithdrawal } from '../../../testing/withdrawal-fixtures';

const TIMEOUT = { timeout: 5000 };

/** Serves one withdrawal by its transaction id. */
function serveWithdrawal(withdrawal: Withdrawal) {
  server.use(
    http.get(api(`/transaction/fetch_withdrawal_request/${testUser.id}`), ({ request }) =>
      new URL(request.url).searchParams.get('transaction_id') === withdrawal.transaction_id
        ? success(withdrawal)
        : undefined,
    ),
  );
}

const renderDetail = (withdrawal: Withdrawal) =>
  renderApp(`/dashboard/transaction-history/withdrawal/${withdrawal.transaction_id}`, {
    preloadedState: signedInState(),
  });
const findTitle = () =>
  screen.findByRole('heading', { level: 1, name: 'Withdrawal to Guaranty Trust Bank' }, TIMEOUT);
const timelineSteps = () =>
  within(screen.getByRole('list', { name: 'Timeline' }))
    .getAllByRole('listitem')
    .map((step) => step.textContent);

describe('withdrawal detail', () => {
  it('asks again while the payout moves, shows it land, then stops asking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const processing = makeWithdrawal({ status: 'processing' });
      const answers = [processing, processing, { ...processing, status: 'successful' as const }];
      let asked = 0;
      server.use(
        http.get(api(`/transaction/fetch_withdrawal_request/${testUser.id}`), () => {
          asked += 1;
          return success(answers[Math.min(asked, answers.length) - 1]);
        }),
      );
      renderDetail(processing);
      await findTitle();
      expect(screen.getByText('Processing', { selector: 'span' })).toBeInTheDocument();
      // It once stayed at Processing after the history said Successful.
      for (let i = 0; i < 2; i += 1) {
        await act(async () => {
          await vi.advanceTimersByTimeAsync(RECORD_POLL_MS);
        });
      }
      expect(await screen.findByText('Successful', { selector: 'span' }, TIMEOUT)).toBeVisible();
      const askedWhenSettled = asked;
      await act(async () => {
        await vi.advanceTimersByTimeAsync(RECORD_POLL_MS * 4);
      });
      expect(asked).toBe(askedWhenSettled);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the transaction id, status, numbers, account and what comes next', async () => {
    const withdrawal = makeWithdrawal({
      status: 'processing',
      timeline: [
        { status: 'requested', at: '2026-11-21T13:02:00.000Z' },
        { status: 'processing', at: '2026-11-21T13:03:00.000Z' },
      ],
    });
    serveWithdrawal(withdrawal);
    renderDetail(withdrawal);
    await findTitle();
    expect(screen.getByText('Processing', { selector: 'span' })).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Details' });
    for (const text of [
      'Transaction IDwd_6f1c2d3e000040008000000000000001',
      'Amount₦25,000.00',
      'Fee₦50.00',
      'Total₦25,050.00',
      'BankGuaranty Trust Bank',
      'Account nameAMAKA OBI',
      'Account number0123456322',
      'Requested21 Nov 2026, 14:02',
    ]) {
      expect(details).toHaveTextContent(text);
    }
    expect(timelineSteps()).toEqual([
      'Requested21 Nov 2026, 14:02',
      'Sent to the bank21 Nov 2026, 14:03',
      'With the bankMost transfers arrive within minutes. We update this page when it lands.',
    ]);
    expect(screen.getByRole('link', { name: 'Back to withdrawals' })).toHaveAttribute(
      'href',
      '/dashboard/transaction-history/withdrawal',
    );
  });

  it('says why a withdrawal failed and that the money is back', async () => {
    const withdrawal = makeWithdrawal({
      status: 'failed',
      failure_reason: 'The receiving bank is not available. Try again later.',
      timeline: [
        { status: 'requested', at: '2026-11-21T13:02:00.000Z' },
        { status: 'processing', at: '2026-11-21T13:03:00.000Z' },
        { status: 'failed', at: '2026-11-21T13:10:00.000Z' },
      ],
    });
    serveWithdrawal(withdrawal);
    renderDetail(withdrawal);
    await findTitle();
    const why = screen.getByRole('region', { name: 'Why the withdrawal failed' });
    expect(why).toHaveTextContent('The receiving bank is not available. Try again later.');
    expect(why).toHaveTextContent('The ₦25,050.00 held for it is back in your wallet.');
    expect(timelineSteps().at(-1)).toBe('Failed21 Nov 2026, 14:10');
    expect(screen.queryByText(/With the bank/)).not.toBeInTheDocument();
  });

  it('explains a payout the bank returned after it was paid', async () => {
    const withdrawal = makeWithdrawal({
      status: 'successful',
      completed_at: '2026-11-21T13:05:00.000Z',
      reversed_at: '2026-11-22T09:00:00.000Z',
      timeline: [
        { status: 'requested', at: '2026-11-21T13:02:00.000Z' },
        { status: 'processing', at: '2026-11-21T13:03:00.000Z' },
        { status: 'successful', at: '2026-11-21T13:05:00.000Z' },
        { status: 'reversed', at: '2026-11-22T09:00:00.000Z' },
      ],
    });
    serveWithdrawal(withdrawal);
    renderDetail(withdrawal);
    await findTitle();
    const note = screen.getByRole('region', { name: 'Returned by the bank' });
    expect(note).toHaveTextContent(
      'Guaranty Trust Bank sent this payout back on 22 Nov 2026, 10:00, after it had been paid. The money is back in your Karta wallet',
    );
    expect(timelineSteps()).toEqual([
      'Requested21 Nov 2026, 14:02',
      'Sent to the bank21 Nov 2026, 14:03',
      'Paid into the account21 Nov 2026, 14:05',
      'Returned by the bank22 Nov 2026, 10:00',
    ]);
    expect(screen.queryByRole('region', { name: 'Why the withdrawal failed' })).toBeNull();
  });

  it('says an automatic withdrawal came from an approved trade, with a link to it', async () => {
    const automatic = makeWithdrawal({ is_automatic: true, trade_id: 'trade-1' });
    serveWithdrawal(automatic);
    renderDetail(automatic);
    await findTitle();
    expect(screen.getByText(/^Automatic withdrawal of an/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'approved trade' })).toHaveAttribute(
      'href',
      '/dashboard/overview/recent-transactions/trade-history/trade-1',
    );
  });

  it('says a withdrawal was not found and links back to the list it came from', async () => {
    renderApp('/dashboard/overview/recent-transactions/withdrawal-history/WD-7', {
      preloadedState: signedInState(),
    });
    expect(
      await screen.findByRole('heading', { name: 'We could not find this withdrawal' }, TIMEOUT),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to withdrawal history' })).toHaveAttribute(
      'href',
      '/dashboard/overview/recent-transactions/withdrawal-history',
    );
  });

  it('links back to the Withdrawal tab when opened from the transaction history', async () => {
    renderApp('/dashboard/transaction-history/withdrawal/WD-7', {
      preloadedState: signedInState(),
    });
    expect(
      await screen.findByRole('link', { name: 'Back to withdrawals' }, TIMEOUT),
    ).toHaveAttribute('href', '/dashboard/transaction-history/withdrawal');
  });
});
