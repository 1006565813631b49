import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { SECOND_APPROVAL_WAITING } from '@karta/shared/constants';
import type { AdminTrade } from '@karta/shared/schemas/trades';
import { renderApp, signedInState } from '../../../testing/render';
import { makeAdminTrade, otherOperator, serveReview } from '../../../testing/review-fixtures';
import { api, failure, server, success, testUser } from '../../../testing/server';

const TIMEOUT = { timeout: 5000 };
const DETAIL = '/console/trades/trade-1';

const renderDetail = () =>
  renderApp(DETAIL, { preloadedState: signedInState({ role: 'operator' }) });
const findTitle = () =>
  screen.findByRole('heading', { level: 1, name: 'Trade KT-7K3M9QX2' }, TIMEOUT);

/** The three new steps, over the review fixtures' trades; every body is kept. */
function serveSteps(review: ReturnType<typeof serveReview>) {
  const calls: { step: string; body: unknown }[] = [];
  const move = (id: string, change: Partial<AdminTrade>) => {
    const trade = review.trade(id);
    if (!trade) return failure(404, 'Trade not found', 'id');
    const next = { ...trade, ...change, claim: null };
    review.setTrade(next);
    return success(next);
  };
  server.use(
    http.post(api('/admin/trades/:id/request_info'), async ({ request, params }) => {
      calls.push({ step: 'request_info', body: await request.json() });
      return move(String(params.id), { status: 'info_requested', review_due_at: null });
    }),
    http.post(api('/admin/trades/:id/confirm_approval'), ({ params }) => {
      calls.push({ step: 'confirm_approval', body: null });
      return move(String(params.id), {
        status: 'approved',
        final_value: 590_000,
        second_approval: null,
      });
    }),
    http.post(api('/admin/trades/:id/return_approval'), async ({ request, params }) => {
      calls.push({ step: 'return_approval', body: await request.json() });
      return move(String(params.id), { status: 'pending', second_approval: null });
    }),
  );
  return calls;
}

const awaiting = (approverId: string) =>
  makeAdminTrade({
    status: 'awaiting_second_approval',
    amount: 500,
    expected_value: 590_000,
    second_approval: {
      approved_by:
        approverId === testUser.id
          ? { id: testUser.id, first_name: testUser.first_name, last_name: testUser.last_name }
          : otherOperator,
      final_value: 590_000,
      note: 'Balance checked',
      at: '2026-11-21T15:00:00.000Z',
      reason: 'Credits of ₦500,000.00 or more need a second approval.',
    },
  });

describe('asking the seller from the review page', () => {
  it('needs a question, confirms what the seller will read, and sends it', async () => {
    const review = serveReview([makeAdminTrade()], testUser.id);
    const calls = serveSteps(review);
    const { user } = renderDetail();
    await findTitle();
    const panel = screen.getByRole('region', { name: 'Ask the seller' });
    await user.click(within(panel).getByRole('button', { name: 'Ask the seller' }));
    expect(within(panel).getByText('Write the question for the seller')).toBeVisible();
    expect(calls).toEqual([]);

    await user.type(
      within(panel).getByLabelText('Question for the seller'),
      '  Send the back of the card.  ',
    );
    await user.click(within(panel).getByRole('button', { name: 'Ask the seller' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this question?' });
    expect(dialog).toHaveTextContent('Tunde Bakare will read:Send the back of the card.');
    await user.click(within(dialog).getByRole('button', { name: 'Send question' }));
    await waitFor(() => {
      expect(calls).toEqual([
        { step: 'request_info', body: { message: 'Send the back of the card.' } },
      ]);
    }, TIMEOUT);
    await waitFor(() => {
      expect(screen.queryByRole('region', { name: 'Ask the seller' })).toBeNull();
    }, TIMEOUT);
    expect(screen.getAllByText('Info requested', { selector: 'span' }).length).toBeGreaterThan(0);
  });
});

describe('the second approval', () => {
  it('shows who approved and how much, and refuses the confirm button to that operator', async () => {
    serveSteps(serveReview([awaiting(testUser.id)], testUser.id));
    renderDetail();
    await findTitle();
    const panel = screen.getByRole('region', { name: 'Confirm approval' });
    expect(panel).toHaveTextContent('Approved by you on 21 Nov 2026, 16:00');
    expect(panel).toHaveTextContent('₦590,000.00');
    expect(panel).toHaveTextContent(
      'Why it waits: Credits of ₦500,000.00 or more need a second approval.',
    );
    expect(
      screen.getAllByText(SECOND_APPROVAL_WAITING, { selector: 'span' }).length,
    ).toBeGreaterThan(0);
    const confirm = within(panel).getByRole('button', { name: 'Confirm approval' });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAccessibleDescription(
      'You approved this trade, so another operator has to confirm it.',
    );
    expect(screen.getByRole('region', { name: 'Send back' })).toBeInTheDocument();
  });

  it('lets another operator confirm after a confirmation that names the amount', async () => {
    const review = serveReview([awaiting(otherOperator.id)], testUser.id);
    const calls = serveSteps(review);
    const { user } = renderDetail();
    await findTitle();
    const panel = screen.getByRole('region', { name: 'Confirm approval' });
    expect(panel).toHaveTextContent('Approved by Ada Obi');
    expect(panel).toHaveTextContent('Note to the seller: Balance checked');
    await user.click(within(panel).getByRole('button', { name: 'Confirm approval' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm and credit?' });
    expect(dialog).toHaveTextContent('To credit to Tunde Bakare₦590,000.00');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and credit' }));
    await waitFor(() => {
      expect(calls.map((call) => call.step)).toEqual(['confirm_approval']);
    }, TIMEOUT);
    expect(await screen.findByRole('region', { name: 'Decision' }, TIMEOUT)).toHaveTextContent(
      '₦590,000.00 was credited',
    );
  });

  it('sends an approval back with a reason', async () => {
    const review = serveReview([awaiting(otherOperator.id)], testUser.id);
    const calls = serveSteps(review);
    const { user } = renderDetail();
    await findTitle();
    const panel = screen.getByRole('region', { name: 'Send back' });
    await user.type(within(panel).getByLabelText('Why it goes back'), 'Balance shows $400');
    await user.click(within(panel).getByRole('button', { name: 'Send back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this approval back?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send back' }));
    await waitFor(() => {
      expect(calls).toEqual([{ step: 'return_approval', body: { reason: 'Balance shows $400' } }]);
    }, TIMEOUT);
    expect(await screen.findByRole('region', { name: 'Approve' }, TIMEOUT)).toBeInTheDocument();
  });
});
