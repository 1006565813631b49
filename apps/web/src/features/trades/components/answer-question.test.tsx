import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { SECOND_APPROVAL_WAITING } from '@karta/shared/constants';
import type { Trade } from '@karta/shared/schemas/trades';
import { renderApp, signedInState } from '../../../testing/render';
import { api, failure, server, success, testUser } from '../../../testing/server';
import { makeTrade, photoFile } from '../../../testing/trade-fixtures';
import { readForm } from '../../../testing/read-form';

const TIMEOUT = { timeout: 5000 };
const DETAIL = '/dashboard/transaction-history/trades/trade-1';
const QUESTION = 'Please send a photo of the back of the card.';

const asked = makeTrade({
  status: 'info_requested',
  timeline: [
    { status: 'submitted', at: '2026-11-21T13:02:00.000Z' },
    { status: 'info_requested', at: '2026-11-21T13:30:00.000Z', message: QUESTION, images: [] },
  ],
});

const photo = (name: string) => photoFile(name, 'image/jpeg', 2048);

/** One trade by id, and the answer call, which puts it back in review as the server does. */
function serveAskedTrade(initial: Trade) {
  let trade = initial;
  const answers: FormData[] = [];
  server.use(
    http.get(api(`/trade/fetch_trade/${testUser.id}`), ({ request }) =>
      new URL(request.url).searchParams.get('trade_id') === trade.id
        ? success(trade)
        : failure(404, 'Trade not found'),
    ),
    http.post(api(`/trade/respond_trade/${testUser.id}`), async ({ request }) => {
      const form = await readForm(request);
      answers.push(form);
      trade = {
        ...trade,
        status: 'pending',
        timeline: [
          ...trade.timeline,
          {
            status: 'info_provided',
            at: '2026-11-21T14:00:00.000Z',
            message: form.get('comment') as string,
            images: form.getAll('images').map((_, index) => ({
              id: `answer-${String(index)}`,
              url: `https://files.example/answer-${String(index)}.webp`,
              width: 800,
              height: 500,
            })),
          },
        ],
      };
      return success(trade, 'Thank you. Your answer is with our team, and the review continues.');
    }),
  );
  return { answers };
}

const renderDetail = () => renderApp(DETAIL, { preloadedState: signedInState() });

describe('answering our question', () => {
  it('shows the question from the Karta team, with the status in words and a way to cancel', async () => {
    serveAskedTrade(asked);
    renderDetail();
    const notice = await screen.findByRole(
      'region',
      { name: 'Question from the Karta team' },
      TIMEOUT,
    );
    expect(notice).toHaveTextContent(`Karta team: ${QUESTION}`);
    expect(screen.getByText('Info requested', { selector: 'span' })).toBeInTheDocument();
    const steps = within(screen.getByRole('list', { name: 'Timeline' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Submitted21 Nov 2026, 14:02',
      `Question from the Karta team21 Nov 2026, 14:30${QUESTION}`,
      'Waiting for your answerAnswer the question above. The review continues as soon as we have your answer.',
    ]);
    expect(screen.getByRole('button', { name: 'Cancel trade' })).toBeEnabled();
  });

  it('needs words, takes at most five photos, and sends them with the answer', async () => {
    const { answers } = serveAskedTrade(asked);
    const { user } = renderDetail();
    const notice = await screen.findByRole(
      'region',
      { name: 'Question from the Karta team' },
      TIMEOUT,
    );
    await user.click(within(notice).getByRole('button', { name: 'Send answer' }));
    expect(within(notice).getByText('Write your answer')).toBeVisible();
    expect(answers).toHaveLength(0);

    await user.type(within(notice).getByLabelText('Your answer'), 'Here is the back.');
    await user.upload(
      within(notice).getByLabelText('Choose photos'),
      Array.from({ length: 6 }, (_, i) => photo(`back-${String(i)}.jpg`)),
    );
    expect(within(notice).getByText('5 of 5 photos added')).toBeInTheDocument();
    expect(
      within(notice).getByText('You can add up to 5 photos, so 1 photo was not added.'),
    ).toBeVisible();
    await user.click(within(notice).getByRole('button', { name: 'Send answer' }));

    await waitFor(() => {
      expect(answers).toHaveLength(1);
    }, TIMEOUT);
    const sent = answers[0];
    expect(sent?.get('trade_id')).toBe('trade-1');
    expect(sent?.get('comment')).toBe('Here is the back.');
    expect(sent?.getAll('images')).toHaveLength(5);

    // Back in review: the form goes, the answer is in the timeline with its photos.
    await waitFor(() => {
      expect(screen.queryByRole('region', { name: 'Question from the Karta team' })).toBeNull();
    }, TIMEOUT);
    const timeline = screen.getByRole('list', { name: 'Timeline' });
    expect(timeline).toHaveTextContent('Your answer21 Nov 2026, 15:00Here is the back.');
    expect(within(timeline).getAllByRole('button', { name: /Open photo \d of 5/ })).toHaveLength(5);
  });

  it('says an approval waits for a second approval, without a cancel button', async () => {
    serveAskedTrade(makeTrade({ status: 'awaiting_second_approval' }));
    renderDetail();
    await screen.findByRole('heading', { level: 1, name: 'Trade KT-7K3M9QX2' }, TIMEOUT);
    expect(screen.getByText(SECOND_APPROVAL_WAITING, { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Timeline' })).toHaveTextContent(
      `${SECOND_APPROVAL_WAITING}A second member of our team checks this trade before anything reaches your wallet. You will see the result here.`,
    );
    expect(screen.queryByRole('button', { name: 'Cancel trade' })).toBeNull();
  });
});
