import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Trade } from '@karta/shared/schemas/trades';
import { renderApp, signedInState } from '../../../testing/render';
import { api, failure, server, success, testUser } from '../../../testing/server';
import { makeTrade } from '../../../testing/trade-fixtures';

const TIMEOUT = { timeout: 5000 };
const DETAIL = '/dashboard/transaction-history/trades/trade-1';

const offered = makeTrade({
  status: 'counter_offered',
  comment: 'Code: X7K2-9PQR-44LM-ZZ81',
  has_card_code: true,
  counter_offer: {
    value: 100_000,
    note: 'The card holds $85, not $100.',
    // 14:02 in Lagos, the next day.
    expires_at: '2026-11-22T13:02:00.000Z',
    if_no_answer: 'decline',
    answer: null,
  },
  timeline: [
    { status: 'submitted', at: '2026-11-21T13:02:00.000Z' },
    { status: 'counter_offered', at: '2026-11-21T14:02:00.000Z', message: 'The card holds $85.' },
  ],
});

/** Serves the trade, and answers the offer as the API would. */
function serveOffer(initial: Trade) {
  let trade = initial;
  const answers: unknown[] = [];
  server.use(
    http.get(api(`/trade/fetch_trade/${testUser.id}`), ({ request }) =>
      new URL(request.url).searchParams.get('trade_id') === trade.id
        ? success(trade)
        : failure(404, 'Trade not found'),
    ),
    http.post(api(`/trade/answer_offer/${testUser.id}`), async ({ request }) => {
      const body = (await request.json()) as { accept: boolean };
      answers.push(body);
      const offer = trade.counter_offer;
      trade = {
        ...trade,
        status: body.accept ? 'approved' : 'declined',
        final_value: body.accept ? (offer?.value ?? null) : null,
        counter_offer: offer && { ...offer, answer: body.accept ? 'accepted' : 'declined' },
      };
      return success(trade, 'Answered');
    }),
  );
  return { answers };
}

const renderDetail = () => renderApp(DETAIL, { preloadedState: signedInState() });

describe('a counter-offer on the trade page', () => {
  it('shows the old value struck, the offer, the note, the deadline and the default, and accepts after a confirmation', async () => {
    const { answers } = serveOffer(offered);
    const { user } = renderDetail();
    const panel = await screen.findByRole('region', { name: 'Our offer for this trade' }, TIMEOUT);
    expect(within(panel).getByText('₦118,000.00').closest('del')).not.toBeNull();
    expect(panel).toHaveTextContent('₦100,000.00');
    expect(panel).toHaveTextContent('Why: The card holds $85, not $100.');
    expect(panel).toHaveTextContent(
      'Answer by 22 Nov 2026, 14:02. With no answer by then, we decline it for you and nothing is paid',
    );
    expect(screen.getByText('Offer to answer')).toBeVisible();

    await user.click(within(panel).getByRole('button', { name: 'Accept ₦100,000.00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept ₦100,000.00?' });
    expect(answers).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, accept ₦100,000.00' }));
    expect(
      await screen.findByText(
        'You accepted our offer. ₦100,000.00 is in your wallet.',
        {},
        TIMEOUT,
      ),
    ).toBeVisible();
    expect(answers).toEqual([{ trade_id: 'trade-1', accept: true }]);
    expect(await screen.findByText('Approved', { selector: 'span' }, TIMEOUT)).toBeVisible();
  });

  it('declines after a confirmation that says the e-code was not used, and keeps nothing on Go back', async () => {
    const { answers } = serveOffer(offered);
    const { user } = renderDetail();
    const panel = await screen.findByRole('region', { name: 'Our offer for this trade' }, TIMEOUT);
    await user.click(within(panel).getByRole('button', { name: 'Decline' }));
    let dialog = await screen.findByRole('dialog', { name: 'Decline our offer?' });
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(answers).toEqual([]);

    await user.click(within(panel).getByRole('button', { name: 'Decline' }));
    dialog = await screen.findByRole('dialog', { name: 'Decline our offer?' });
    expect(dialog).toHaveTextContent('Your card was not used by us');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, decline' }));
    const outcome = await screen.findByRole(
      'region',
      { name: 'Why the trade was declined' },
      TIMEOUT,
    );
    expect(outcome).toHaveTextContent(
      'Your card was not used by us: the e-code is still yours to sell or spend.',
    );
    expect(answers).toEqual([{ trade_id: 'trade-1', accept: false }]);
    expect(screen.queryByRole('region', { name: 'Our offer for this trade' })).toBeNull();
  });
});
