import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SECOND_APPROVAL_WAITING } from '@karta/shared/constants';
import { FOUR_EYES_MESSAGES } from '@karta/shared/four-eyes';
import { TRADE_DECISION_ANSWERS } from '@karta/shared/schemas/trades';
import { renderApp, signedInState } from '../../../testing/render';
import {
  makeAdjustment,
  makeAdminTrade,
  makeApprovedTrade,
  otherOperator,
  serveAdjustments,
  serveReview,
} from '../../../testing/review-fixtures';
import { api, server, testUser } from '../../../testing/server';

const TIMEOUT = { timeout: 5000 };
const DETAIL = '/console/trades/trade-1';
const WHY_LARGE = 'Credits of ₦500,000.00 or more need a second approval.';

const renderAs = (role: 'operator' | 'admin', path = DETAIL) =>
  renderApp(path, { preloadedState: signedInState({ role }) });
const findTitle = () =>
  screen.findByRole('heading', { level: 1, name: 'Trade KT-7K3M9QX2' }, TIMEOUT);
const toast = (text: string) =>
  screen.findByText(text, { selector: '[role="alert"] *, [role="alert"]' }, TIMEOUT);
const adjustmentItems = () =>
  within(screen.getByRole('list', { name: 'Adjustments, oldest first' })).getAllByRole('listitem');

/** An approved trade with one adjustment that waits, made by `by` (another admin unless told). */
const approvedWithWaiting = (by: { id: string; name: string } = otherAdmin) =>
  makeApprovedTrade({
    adjustments: [makeAdjustment({ adjusted_by: by.id, adjusted_by_name: by.name })],
    is_waiting_second_approval: true,
  });
const otherAdmin = { id: otherOperator.id, name: 'Ada Obi' };

/** Fills the "Add to the credit" panel and opens its confirmation. */
async function addToCredit(
  user: ReturnType<typeof renderAs>['user'],
  amount: string,
  reason: string,
) {
  const panel = screen.getByRole('region', { name: 'Add to the credit' });
  await user.clear(within(panel).getByLabelText('Naira to add'));
  await user.type(within(panel).getByLabelText('Naira to add'), amount);
  await user.type(within(panel).getByLabelText('Reason (for the audit log)'), reason);
  await user.click(within(panel).getByRole('button', { name: 'Add to the credit' }));
  return screen.findByRole('dialog', { name: 'Add to this trade’s credit?' }, TIMEOUT);
}

describe('adding to an approved trade’s credit', () => {
  it('asks for the amount and the reason before anything is sent', async () => {
    const review = serveReview([makeApprovedTrade()], testUser.id);
    const steps = serveAdjustments(review, testUser.id);
    const { user } = renderAs('admin');
    await findTitle();
    const panel = screen.getByRole('region', { name: 'Add to the credit' });
    await user.click(within(panel).getByRole('button', { name: 'Add to the credit' }));
    expect(await within(panel).findByText('Enter the naira to add', {}, TIMEOUT)).toBeVisible();
    expect(within(panel).getByText('Give a reason for the adjustment')).toBeVisible();
    await user.type(within(panel).getByLabelText('Naira to add'), '90000.505');
    await user.click(within(panel).getByRole('button', { name: 'Add to the credit' }));
    expect(
      await within(panel).findByText('Enter naira with at most 2 decimals, e.g. 90000.50'),
    ).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(steps.adds).toEqual([]);
  });

  it('confirms the amount, sends a fresh Idempotency-Key per attempt and toasts what the server answered', async () => {
    const review = serveReview([makeApprovedTrade()], testUser.id);
    const steps = serveAdjustments(review, testUser.id);
    const { user } = renderAs('admin');
    await findTitle();
    expect(screen.getByRole('region', { name: 'Adjustments' })).toHaveTextContent(
      'Nothing has been added to this trade’s credit.',
    );

    const dialog = await addToCredit(user, '600000', 'Card balance re-read: $600 more');
    // The field shows naira with two decimals once it is left.
    expect(screen.getByLabelText('Naira to add')).toHaveValue('600000.00');
    expect(dialog).toHaveTextContent('To add for Tunde Bakare+₦600,000.00');
    expect(dialog).toHaveTextContent('credited so far ₦118,000.00');
    expect(dialog).toHaveTextContent('Reason: Card balance re-read: $600 more');
    await user.click(within(dialog).getByRole('button', { name: 'Add to the credit' }));
    expect(await toast(TRADE_DECISION_ANSWERS.ADJUSTMENT_WAITING)).toBeVisible();

    // The waiting adjustment, as its author sees it: Confirm is off and says why.
    await waitFor(() => {
      expect(adjustmentItems()).toHaveLength(1);
    }, TIMEOUT);
    const [waiting] = adjustmentItems() as [HTMLElement];
    for (const text of [
      '+₦600,000.00',
      SECOND_APPROVAL_WAITING,
      'Added by you on 21 Nov 2026, 17:00',
      'Reason: Card balance re-read: $600 more',
      `Why it waits: ${WHY_LARGE}`,
    ]) {
      expect(waiting).toHaveTextContent(text);
    }
    const confirm = within(waiting).getByRole('button', { name: 'Confirm adjustment' });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAccessibleDescription(FOUR_EYES_MESSAGES.SAME_ADJUSTER);
    expect(within(waiting).getByRole('region', { name: 'Send back adjustment' })).toBeVisible();
    expect(screen.getByRole('region', { name: SECOND_APPROVAL_WAITING })).toHaveTextContent(
      `${SECOND_APPROVAL_WAITING}: +₦600,000.00 added by you. It reaches the seller’s wallet once a second admin confirms it.`,
    );

    // A second attempt is a new request with a key of its own; a small one is credited at once.
    const second = await addToCredit(user, '5000', 'Rounding');
    await user.click(within(second).getByRole('button', { name: 'Add to the credit' }));
    expect(await toast(TRADE_DECISION_ANSWERS.ADJUSTMENT_CREDITED)).toBeVisible();
    expect(steps.adds.map((add) => add.body)).toEqual([
      { amount: 600_000, reason: 'Card balance re-read: $600 more' },
      { amount: 5_000, reason: 'Rounding' },
    ]);
    const [first, next] = steps.adds.map((add) => add.key);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(next).toMatch(/^[0-9a-f-]{36}$/);
    expect(next).not.toBe(first);
    await waitFor(() => {
      expect(adjustmentItems()[1]).toHaveTextContent('Credited');
    }, TIMEOUT);
  });

  it('keeps the attempt and its key when the answer is lost, so sending again adds once', async () => {
    const review = serveReview([makeApprovedTrade()], testUser.id);
    const steps = serveAdjustments(review, testUser.id);
    const lostKeys: (string | null)[] = [];
    server.use(
      http.post(
        api('/admin/trades/:id/adjust'),
        ({ request }) => {
          lostKeys.push(request.headers.get('idempotency-key'));
          return HttpResponse.error();
        },
        { once: true },
      ),
    );
    const { user } = renderAs('admin');
    await findTitle();
    const dialog = await addToCredit(user, '600000', 'Card balance re-read');
    await user.click(within(dialog).getByRole('button', { name: 'Add to the credit' }));
    expect(
      await within(dialog).findByText(/We cannot tell whether the addition was recorded/),
    ).toBeVisible();
    expect(dialog).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Add to the credit' }));
    expect(await toast(TRADE_DECISION_ANSWERS.ADJUSTMENT_WAITING)).toBeVisible();
    expect(lostKeys).toHaveLength(1);
    expect(steps.adds.map((add) => add.key)).toEqual(lostKeys);
  });

  it('shows operators the adjustments without the admin controls', async () => {
    serveReview([approvedWithWaiting()], testUser.id);
    renderAs('operator');
    await findTitle();
    const [waiting] = adjustmentItems() as [HTMLElement];
    expect(waiting).toHaveTextContent(SECOND_APPROVAL_WAITING);
    expect(waiting).toHaveTextContent('Added by Ada Obi');
    expect(waiting).toHaveTextContent('A second admin confirms it or sends it back.');
    expect(screen.queryByRole('region', { name: 'Add to the credit' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Confirm adjustment' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Send back adjustment' })).toBeNull();
  });

  it('is not offered to an admin on their own trade', async () => {
    const own = approvedWithWaiting();
    serveReview(
      [{ ...own, user: { ...own.user, id: testUser.id, first_name: 'Amaka', last_name: 'Obi' } }],
      testUser.id,
    );
    renderAs('admin');
    await screen.findByRole('heading', { level: 1, name: 'Trade KT-7K3M9QX2' }, TIMEOUT);
    expect(
      screen.getByText('This is your own trade. Another admin has to add to its credit.'),
    ).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Add to the credit' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Confirm adjustment' })).toBeNull();
  });
});

describe('the second admin on a waiting adjustment', () => {
  it('confirms it after a confirmation that names the amount, and the list says who did', async () => {
    const review = serveReview([approvedWithWaiting()], testUser.id);
    const steps = serveAdjustments(review, testUser.id);
    const { user } = renderAs('admin');
    await findTitle();
    const panel = screen.getByRole('region', { name: 'Confirm adjustment' });
    await user.click(within(panel).getByRole('button', { name: 'Confirm adjustment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm and credit?' });
    expect(dialog).toHaveTextContent('To credit to Tunde Bakare+₦600,000.00');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and credit' }));
    expect(await toast(TRADE_DECISION_ANSWERS.ADJUSTMENT_CONFIRMED)).toBeVisible();
    expect(steps.decisions).toEqual([{ step: 'confirm', id: 'adj-1', body: null }]);
    await waitFor(() => {
      expect(adjustmentItems()[0]).toHaveTextContent(
        'Confirmed by Amaka Obi on 21 Nov 2026, 17:30.',
      );
    }, TIMEOUT);
    const [credited] = adjustmentItems() as [HTMLElement];
    expect(credited).toHaveTextContent('Credited');
    expect(credited).toHaveTextContent(`Why it waited: ${WHY_LARGE}`);
    expect(within(credited).queryByRole('button')).toBeNull();
    expect(screen.getByRole('region', { name: 'Decision' })).toHaveTextContent(
      'With what admins added, this trade credited ₦718,000.00 in all.',
    );
  });

  it('sends it back with a reason, and nothing is credited', async () => {
    const review = serveReview([approvedWithWaiting()], testUser.id);
    const steps = serveAdjustments(review, testUser.id);
    const { user } = renderAs('admin');
    await findTitle();
    const panel = screen.getByRole('region', { name: 'Send back adjustment' });
    await user.click(within(panel).getByRole('button', { name: 'Send back' }));
    expect(
      await within(panel).findByText('Say why the adjustment is sent back', {}, TIMEOUT),
    ).toBeVisible();
    await user.type(within(panel).getByLabelText('Why it goes back'), 'Balance shows $100 only');
    await user.click(within(panel).getByRole('button', { name: 'Send back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this adjustment back?' });
    expect(dialog).toHaveTextContent('Ada Obi will read:Balance shows $100 only');
    await user.click(within(dialog).getByRole('button', { name: 'Send back' }));
    expect(await toast(TRADE_DECISION_ANSWERS.ADJUSTMENT_RETURNED)).toBeVisible();
    expect(steps.decisions).toEqual([
      { step: 'return', id: 'adj-1', body: { reason: 'Balance shows $100 only' } },
    ]);
    await waitFor(() => {
      expect(adjustmentItems()[0]).toHaveTextContent('Sent back');
    }, TIMEOUT);
    expect(adjustmentItems()[0]).toHaveTextContent(
      'Sent back by Amaka Obi on 21 Nov 2026, 17:30. Nothing was credited. Why: Balance shows $100 only',
    );
    expect(screen.queryByRole('region', { name: SECOND_APPROVAL_WAITING })).toBeNull();
  });
});

describe('the awaiting tab', () => {
  it('lists approvals and additions that wait with the same badge, and the addition’s amount', async () => {
    serveReview(
      [
        makeAdminTrade({
          id: 'trade-2',
          reference: 'KT-APPROVAL',
          status: 'awaiting_second_approval',
          review_due_at: null,
        }),
        approvedWithWaiting(),
      ],
      testUser.id,
    );
    renderAs('operator', '/console/trades?status=awaiting_second_approval');
    const list = await screen.findByRole(
      'list',
      { name: 'Waiting for a second approval trades' },
      TIMEOUT,
    );
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(within(row).getByText(SECOND_APPROVAL_WAITING, { selector: 'span' })).toBeVisible();
    }
    const adjusted = rows.find((row) => row.textContent.includes('KT-7K3M9QX2'));
    expect(adjusted).toHaveTextContent('Credited ₦118,000.00Adjustment +₦600,000.00');
    expect(adjusted).toHaveTextContent('Approved');
  });

  it('says adjustments wait there too when nothing does', async () => {
    serveReview([makeApprovedTrade()], testUser.id);
    renderAs('operator', '/console/trades?status=awaiting_second_approval');
    expect(
      await screen.findByText(/admins’ additions to a trade’s credit wait here/, {}, TIMEOUT),
    ).toBeVisible();
  });
});
