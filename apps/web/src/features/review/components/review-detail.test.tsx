import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TRADE_REJECTION_REASONS } from '@karta/shared/constants';
import { renderApp, signedInState } from '../../../testing/render';
import { claimBy, makeAdminTrade, seller, serveReview } from '../../../testing/review-fixtures';
import { testUser } from '../../../testing/server';

const TIMEOUT = { timeout: 5000 };
const DETAIL = '/console/trades/trade-1';

const pending = makeAdminTrade({
  comment: 'E-code: AMZN-7QX2-99KD',
  images: [
    { id: 'img-1', url: 'https://files.example/1.webp', width: 800, height: 500 },
    { id: 'img-2', url: 'https://files.example/2.webp', width: 800, height: 500 },
  ],
});

const renderDetail = (path = DETAIL) =>
  renderApp(path, { preloadedState: signedInState({ role: 'operator' }) });
const findTitle = (reference = 'KT-7K3M9QX2') =>
  screen.findByRole('heading', { level: 1, name: `Trade ${reference}` }, TIMEOUT);
const toast = (text: string | RegExp) =>
  screen.findByText(text, { selector: '[role="alert"] *, [role="alert"]' }, TIMEOUT);

describe('review detail', () => {
  it('shows the seller, the numbers, the comment in monospace with Copy, the photos and the timeline', async () => {
    serveReview([pending], testUser.id);
    const { user } = renderDetail();
    await findTitle();

    const details = screen.getByRole('region', { name: 'Details' });
    for (const text of [
      'SellerTunde Bakaretunde.bakare@example.com',
      'ReferenceKT-7K3M9QX2',
      'StatusPending',
      'Gift cardAmazon · USA physical',
      'Card amount$100 USD',
      'Rate₦1,180.00 per $1',
      'Expected value₦118,000.00',
      'Final valueSet when approved',
      'Sent fromThe website',
    ]) {
      expect(details).toHaveTextContent(text);
    }
    expect(details).toHaveTextContent(/Submitted21 Nov 2026, 14:02 · /);

    const comment = screen.getByRole('region', { name: "Seller's comment" });
    expect(within(comment).getByText('E-code: AMZN-7QX2-99KD')).toBeVisible();
    await user.click(within(comment).getByRole('button', { name: 'Copy comment' }));
    expect(await navigator.clipboard.readText()).toBe('E-code: AMZN-7QX2-99KD');
    expect(within(comment).getByRole('status')).toHaveTextContent('Copied');

    const photos = screen.getByRole('region', { name: 'Card photos' });
    await user.click(within(photos).getByRole('button', { name: 'Open photo 2 of 2' }));
    const viewer = await screen.findByRole('dialog', { name: 'Photo 2 of 2' });
    expect(within(viewer).getByRole('img')).toHaveAttribute('src', 'https://files.example/2.webp');
    expect(within(viewer).getByRole('link', { name: /Open full size/ })).toHaveAttribute(
      'href',
      'https://files.example/2.webp',
    );
    await user.keyboard('{Escape}');

    const timeline = screen.getByRole('list', { name: 'Timeline' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual([
      'Submitted21 Nov 2026, 14:02',
      'In reviewWaiting for an operator to approve or reject it.',
    ]);
    expect(screen.getByRole('region', { name: 'Approve' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Reject' })).toBeInTheDocument();
  });

  it('approves at the expected value by default, confirming the amount to credit', async () => {
    const review = serveReview([pending], testUser.id);
    const { user } = renderDetail();
    await findTitle();
    const approve = screen.getByRole('region', { name: 'Approve' });
    expect(within(approve).getByLabelText('Naira to credit')).toHaveValue('118000.00');

    await user.click(within(approve).getByRole('button', { name: 'Approve trade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this trade?' });
    expect(dialog).toHaveTextContent('To credit to Tunde Bakare₦118,000.00');
    expect(dialog).not.toHaveTextContent('Expected was');
    await user.click(within(dialog).getByRole('button', { name: 'Approve and credit' }));

    expect(
      await toast('Trade KT-7K3M9QX2 approved: ₦118,000.00 was credited to Tunde Bakare.'),
    ).toBeInTheDocument();
    expect(review.approvals).toEqual([{ final_value: 118_000 }]);
    const decision = await screen.findByRole('region', { name: 'Decision' }, TIMEOUT);
    expect(decision).toHaveTextContent(
      'Approved by you on 21 Nov 2026, 16:40. ₦118,000.00 was credited',
    );
    expect(screen.queryByRole('region', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.getAllByText('Approved', { selector: 'span' }).length).toBeGreaterThan(0);
  });

  it('sends an edited value and a note, and checks the value first', async () => {
    const review = serveReview([pending], testUser.id);
    const { user } = renderDetail();
    await findTitle();
    const approve = screen.getByRole('region', { name: 'Approve' });
    const field = within(approve).getByLabelText('Naira to credit');

    await user.clear(field);
    await user.type(field, '1150.555');
    await user.click(within(approve).getByRole('button', { name: 'Approve trade' }));
    expect(
      await within(approve).findByText('Enter naira with at most 2 decimals, e.g. 118000.50'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.clear(field);
    await user.type(field, '115,500.50');
    await user.type(
      within(approve).getByLabelText('Note to the seller (optional)'),
      'Part of the card was used.',
    );
    await user.click(within(approve).getByRole('button', { name: 'Approve trade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this trade?' });
    expect(dialog).toHaveTextContent('₦115,500.50');
    expect(dialog).toHaveTextContent('Expected was ₦118,000.00.');
    // Decision 037: a lower value is an offer to the seller, and the operator is told so.
    expect(dialog).toHaveTextContent('This is sent to the seller as an offer');
    expect(dialog).toHaveTextContent(`To offer to ${seller.first_name} ${seller.last_name}`);
    expect(dialog).toHaveTextContent('Note: Part of the card was used.');
    await user.click(within(dialog).getByRole('button', { name: 'Send the offer' }));

    await waitFor(() => {
      expect(review.approvals).toEqual([
        { final_value: 115_500.5, note: 'Part of the card was used.' },
      ]);
    });
    expect(await toast(/₦115,500\.50 was offered to/)).toBeInTheDocument();
    const decision = await screen.findByRole('region', { name: 'Decision' }, TIMEOUT);
    expect(decision).toHaveTextContent('Offer waiting for the seller: ₦115,500.50 instead of');
    expect(screen.queryByRole('region', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('refuses more than the expected value under the field, before any confirmation', async () => {
    const review = serveReview([pending], testUser.id);
    const { user } = renderDetail();
    await findTitle();
    const approve = screen.getByRole('region', { name: 'Approve' });
    const field = within(approve).getByLabelText('Naira to credit');
    await user.clear(field);
    await user.type(field, '120000');
    await user.click(within(approve).getByRole('button', { name: 'Approve trade' }));
    expect(field).toHaveAccessibleDescription(
      'The final value cannot be more than the expected ₦118,000.00. An admin can add to a credit with a reason.',
    );
    // No dialog calling it an "offer", and nothing sent.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText(/offer/i, { selector: '[role="dialog"] *' })).toBeNull();
    expect(review.approvals).toEqual([]);
  });

  it('rejects with a reason in the words the seller reads; Other needs a note', async () => {
    const review = serveReview([pending], testUser.id);
    const { user } = renderDetail();
    await findTitle();
    const reject = screen.getByRole('region', { name: 'Reject' });
    const reason = within(reject).getByLabelText('Reason');
    expect(
      within(reason)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a reason', ...Object.values(TRADE_REJECTION_REASONS)]);

    await user.click(within(reject).getByRole('button', { name: 'Reject trade' }));
    expect(await within(reject).findByText('Choose why the trade is rejected')).toBeInTheDocument();

    await user.selectOptions(reason, 'other');
    await user.click(within(reject).getByRole('button', { name: 'Reject trade' }));
    expect(
      await within(reject).findByText(
        'Write a note: with "Other" the seller learns the reason from it',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.type(
      within(reject).getByLabelText('Note to the seller'),
      'The PIN on the back is scratched off.',
    );
    await user.click(within(reject).getByRole('button', { name: 'Reject trade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this trade?' });
    expect(dialog).toHaveTextContent(TRADE_REJECTION_REASONS.other);
    expect(dialog).toHaveTextContent('Note from our team: The PIN on the back is scratched off.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));

    expect(
      await toast('Trade KT-7K3M9QX2 rejected. The seller has been told why.'),
    ).toBeInTheDocument();
    expect(review.rejections).toEqual([
      { reason: 'other', note: 'The PIN on the back is scratched off.' },
    ]);
    const decision = await screen.findByRole('region', { name: 'Decision' }, TIMEOUT);
    expect(decision).toHaveTextContent(`Reason: ${TRADE_REJECTION_REASONS.other}`);
  });

  it('rejects with a listed reason and no note', async () => {
    const review = serveReview([pending], testUser.id);
    const { user } = renderDetail();
    await findTitle();
    const reject = screen.getByRole('region', { name: 'Reject' });
    await user.selectOptions(within(reject).getByLabelText('Reason'), 'unclear_image');
    await user.click(within(reject).getByRole('button', { name: 'Reject trade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this trade?' });
    expect(dialog).toHaveTextContent(TRADE_REJECTION_REASONS.unclear_image);
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => {
      expect(review.rejections).toEqual([{ reason: 'unclear_image' }]);
    });
  });

  it('on 409 says who was first and shows the trade as it now is', async () => {
    const review = serveReview([pending], testUser.id);
    const { user } = renderDetail();
    await findTitle();
    // Another operator approves it while this one is looking.
    review.setTrade({
      ...pending,
      status: 'approved',
      final_value: 118_000,
      reviewed_by: 'someone-else',
      reviewed_at: '2026-11-21T15:00:00.000Z',
      timeline: [...pending.timeline, { status: 'approved', at: '2026-11-21T15:00:00.000Z' }],
    });
    const approve = screen.getByRole('region', { name: 'Approve' });
    await user.click(within(approve).getByRole('button', { name: 'Approve trade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this trade?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve and credit' }));

    expect(await toast('This trade has already been approved.')).toBeInTheDocument();
    const decision = await screen.findByRole('region', { name: 'Decision' }, TIMEOUT);
    expect(decision).toHaveTextContent('Approved on 21 Nov 2026, 16:00.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('goes on to the oldest pending trade after a decision, then says when none is left', async () => {
    serveReview(
      [
        pending,
        makeAdminTrade({
          id: 'trade-3',
          reference: 'KT-LATER003',
          created_at: '2026-11-21T14:30:00.000Z',
        }),
        makeAdminTrade({
          id: 'trade-2',
          reference: 'KT-NEXT0002',
          created_at: '2026-11-21T13:30:00.000Z',
        }),
      ],
      testUser.id,
    );
    const { user, router } = renderDetail();
    await findTitle();
    await user.click(
      within(screen.getByRole('region', { name: 'Approve' })).getByRole('button', {
        name: 'Approve trade',
      }),
    );
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Approve and credit',
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Next pending trade' }, TIMEOUT));
    await findTitle('KT-NEXT0002');
    expect(router.state.location.pathname).toBe('/console/trades/trade-2');
    expect(screen.getByRole('region', { name: 'Approve' })).toBeInTheDocument();
  });

  it('says when no other trade waits, from a decided trade', async () => {
    serveReview([{ ...pending, status: 'cancelled', timeline: pending.timeline }], testUser.id);
    const { user } = renderDetail();
    await findTitle();
    expect(screen.getByRole('region', { name: 'Decision' })).toHaveTextContent(
      'The seller cancelled this trade',
    );
    await user.click(screen.getByRole('button', { name: 'Next pending trade' }));
    expect(
      await screen.findByText(/No other trade is waiting for review/, undefined, TIMEOUT),
    ).toBeInTheDocument();
  });

  it('does not offer to review an operator’s own trade', async () => {
    serveReview([makeAdminTrade({ user: { ...seller, id: testUser.id } })], testUser.id);
    renderDetail();
    await findTitle();
    expect(
      screen.getByText('This is your own trade. Another operator has to review it.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('says so when the trade does not exist', async () => {
    serveReview([], testUser.id);
    renderDetail('/console/trades/nope');
    expect(
      await screen.findByRole('heading', { name: 'We could not find this trade' }, TIMEOUT),
    ).toBeInTheDocument();
  });
});

describe('the decision bar of a small screen (decision 071)', () => {
  it('offers Approve, Reject and Ask while the trade is pending, and each brings its panel up', async () => {
    serveReview([pending], testUser.id);
    // jsdom does not scroll: the bar's call is what is checked.
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
      scrolled.push(this.id);
    };
    const { user } = renderDetail();
    await findTitle();
    const bar = screen.getByRole('region', { name: 'Decide this trade' });
    expect(
      within(bar)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Approve', 'Reject', 'Ask']);
    for (const [choice, panel] of [
      ['Reject', 'Reject'],
      ['Ask', 'Ask the seller'],
      ['Approve', 'Approve'],
    ] as const) {
      await user.click(within(bar).getByRole('button', { name: choice }));
      // The panel's frame takes the focus (not its first field: a phone's keyboard would cover it).
      const frame = screen.getByRole('region', { name: panel }).parentElement;
      expect(frame).toHaveFocus();
      expect(scrolled.at(-1)).toBe(frame?.id);
    }
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  });

  it('is not there once the trade is decided, nor while another operator holds it', async () => {
    serveReview(
      [
        makeAdminTrade({ id: 'trade-1', status: 'rejected' }),
        makeAdminTrade({ id: 'trade-2', reference: 'KT-HELD0002', claim: claimBy() }),
      ],
      testUser.id,
    );
    const first = renderDetail();
    await findTitle();
    expect(screen.queryByRole('region', { name: 'Decide this trade' })).toBeNull();
    first.unmount();
    renderDetail('/console/trades/trade-2');
    await findTitle('KT-HELD0002');
    expect(screen.queryByRole('region', { name: 'Decide this trade' })).toBeNull();
  });
});
