import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SECOND_APPROVAL_WAITING } from '@karta/shared/constants';
import type { Trade } from '@karta/shared/schemas/trades';
import { renderApp, signedInState } from '../../../testing/render';
import { api, failure, server, success, testUser } from '../../../testing/server';
import { makeTrade } from '../../../testing/trade-fixtures';

const TIMEOUT = { timeout: 5000 };
const DETAIL = '/dashboard/transaction-history/trades/trade-1';

const rejected = makeTrade({
  status: 'rejected',
  rejection_code: 'unclear_image',
  rejection_reason: 'The card photo is not clear enough to read.',
  review_note: 'The last four digits are covered by a finger.',
  reviewed_at: '2026-11-21T15:40:00.000Z',
  timeline: [
    { status: 'submitted', at: '2026-11-21T13:02:00.000Z' },
    { status: 'rejected', at: '2026-11-21T15:40:00.000Z' },
  ],
  images: [
    { id: 'img-1', url: 'https://files.example/1.webp', width: 800, height: 500 },
    { id: 'img-2', url: 'https://files.example/2.webp', width: 800, height: 500 },
  ],
  comment: 'Code: ABCD-1234',
});

/** Serves one trade by id; `next` replaces it after a cancel. */
function serveTrade(initial: Trade) {
  let trade = initial;
  const cancels: unknown[] = [];
  server.use(
    http.get(api(`/trade/fetch_trade/${testUser.id}`), ({ request }) =>
      new URL(request.url).searchParams.get('trade_id') === trade.id
        ? success(trade)
        : failure(404, 'Trade not found'),
    ),
    http.post(api(`/trade/cancel_trade/${testUser.id}`), async ({ request }) => {
      cancels.push(await request.json());
      trade = {
        ...trade,
        status: 'cancelled',
        timeline: [...trade.timeline, { status: 'cancelled', at: '2026-11-21T14:00:00.000Z' }],
      };
      return success(trade, 'Trade cancelled');
    }),
  );
  return { cancels };
}

const renderDetail = (path = DETAIL) => renderApp(path, { preloadedState: signedInState() });
const findTitle = (reference: string) =>
  screen.findByRole('heading', { level: 1, name: `Trade ${reference}` }, TIMEOUT);

describe('trade detail', () => {
  it('shows the reference, status, timeline in Lagos time, the numbers and the rejection in words', async () => {
    serveTrade(rejected);
    renderDetail();
    await findTitle('KT-7K3M9QX2');
    expect(screen.getByText('Rejected', { selector: 'span' })).toBeInTheDocument();

    const timeline = screen.getByRole('list', { name: 'Timeline' });
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Submitted21 Nov 2026, 14:02',
      'Rejected21 Nov 2026, 16:40',
    ]);

    const why = screen.getByRole('region', { name: 'Why the trade was rejected' });
    expect(why).toHaveTextContent('The card photo is not clear enough to read.');
    expect(why).toHaveTextContent(
      'Note from our team: The last four digits are covered by a finger.',
    );

    const details = screen.getByRole('region', { name: 'Details' });
    for (const text of [
      'Gift cardAmazon',
      'CategoryUSA physical',
      'Card amount$100',
      'Rate₦1,180.00 per $1',
      'Expected value₦118,000.00',
      'Final valueNothing was credited',
      'CommentCode: ABCD-1234',
    ]) {
      expect(details).toHaveTextContent(text);
    }
    // Only a pending trade can be cancelled.
    expect(screen.queryByRole('button', { name: 'Cancel trade' })).not.toBeInTheDocument();
  });

  it('words the reason from its code when the API sends only the code', async () => {
    serveTrade({ ...rejected, rejection_reason: null, rejection_code: 'already_used' });
    renderDetail();
    expect(
      await screen.findByText('The card has already been used.', {}, TIMEOUT),
    ).toBeInTheDocument();
  });

  it('shows the final value of an approved trade and a pending trade’s next step', async () => {
    serveTrade(
      makeTrade({
        status: 'approved',
        final_value: 117_500,
        timeline: [
          { status: 'submitted', at: '2026-11-21T13:02:00.000Z' },
          { status: 'approved', at: '2026-11-21T13:30:00.000Z' },
        ],
      }),
    );
    renderDetail();
    await findTitle('KT-7K3M9QX2');
    expect(screen.getByRole('region', { name: 'Details' })).toHaveTextContent(
      'Final value₦117,500.00',
    );
    expect(screen.getByRole('list', { name: 'Timeline' })).toHaveTextContent(
      'Approved21 Nov 2026, 14:30',
    );
    expect(screen.queryByText('In review')).not.toBeInTheDocument();
    expect(screen.queryByText(SECOND_APPROVAL_WAITING)).not.toBeInTheDocument();
  });

  it('says an addition to an approved trade waits for a second approval, as an approval would', async () => {
    serveTrade(
      makeTrade({
        status: 'approved',
        final_value: 117_500,
        is_waiting_second_approval: true,
        timeline: [
          { status: 'submitted', at: '2026-11-21T13:02:00.000Z' },
          { status: 'approved', at: '2026-11-21T13:30:00.000Z' },
        ],
      }),
    );
    renderDetail();
    await findTitle('KT-7K3M9QX2');
    // Beside "Approved", the badge a waiting approval wears: the same words and colours.
    const badges = screen.getAllByText(/^(Approved|Waiting for a second approval)$/, {
      selector: 'span',
    });
    expect(badges.map((badge) => badge.textContent)).toEqual(['Approved', SECOND_APPROVAL_WAITING]);
    expect(badges[1]).toHaveClass('bg-processing-bg', 'text-processing');
    expect(screen.getByRole('list', { name: 'Timeline' })).toHaveTextContent(
      `${SECOND_APPROVAL_WAITING}We are adding to what this trade credited you. A second member of our team checks it before it reaches your wallet.`,
    );
  });

  it('opens a photo larger in a dialog and steps through the photos', async () => {
    serveTrade(rejected);
    const { user } = renderDetail();
    await findTitle('KT-7K3M9QX2');
    await user.click(screen.getByRole('button', { name: 'Open photo 1 of 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Photo 1 of 2' });
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', 'https://files.example/1.webp');
    await user.click(within(dialog).getByRole('button', { name: 'Next photo' }));
    const next = screen.getByRole('dialog', { name: 'Photo 2 of 2' });
    expect(
      within(next).getByRole('img', { name: 'Photo 2 of 2 of the Amazon card' }),
    ).toHaveAttribute('src', 'https://files.example/2.webp');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('cancels a pending trade after confirmation', async () => {
    const { cancels } = serveTrade(makeTrade());
    const { user } = renderDetail();
    await findTitle('KT-7K3M9QX2');
    expect(screen.getByRole('list', { name: 'Timeline' })).toHaveTextContent('In review');

    await user.click(screen.getByRole('button', { name: 'Cancel trade' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this trade?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel trade' }));

    expect(await screen.findByText('Trade KT-7K3M9QX2 was cancelled.', {}, TIMEOUT)).toBeVisible();
    expect(cancels).toEqual([{ trade_id: 'trade-1' }]);
    await waitFor(() => {
      expect(screen.getByRole('list', { name: 'Timeline' })).toHaveTextContent(
        'Cancelled by you21 Nov 2026, 15:00',
      );
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel trade' })).not.toBeInTheDocument();
  });

  it('keeps the trade on Keep trade, and explains a cancel that came too late', async () => {
    const { cancels } = serveTrade(makeTrade());
    server.use(
      http.post(api(`/trade/cancel_trade/${testUser.id}`), () =>
        HttpResponse.json(
          {
            status: 'error',
            message: 'This trade has already been reviewed',
            errors: [{ field: null, message: 'This trade has already been reviewed' }],
          },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderDetail();
    await findTitle('KT-7K3M9QX2');
    await user.click(screen.getByRole('button', { name: 'Cancel trade' }));
    await user.click(screen.getByRole('button', { name: 'Keep trade' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(cancels).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel trade' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this trade?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel trade' }));
    expect(
      await screen.findByText('This trade has already been reviewed', {}, TIMEOUT),
    ).toBeVisible();
  });

  it('says a trade was not found and links back to the list it came from', async () => {
    renderDetail('/dashboard/transaction-history/trades/TRD-42');
    expect(
      await screen.findByRole('heading', { name: 'We could not find this trade' }, TIMEOUT),
    ).toBeVisible();
    expect(screen.getByText('TRD-42')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to trades' })).toHaveAttribute(
      'href',
      '/dashboard/transaction-history/trades',
    );
  });

  it('links back to the overview tab when opened from the overview', async () => {
    renderDetail('/dashboard/overview/recent-transactions/trade-history/TRD-42');
    expect(
      await screen.findByRole('link', { name: 'Back to trade history' }, TIMEOUT),
    ).toHaveAttribute('href', '/dashboard/overview/recent-transactions/trade-history');
  });
});
