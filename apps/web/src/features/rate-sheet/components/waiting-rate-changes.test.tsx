import { screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRateChange, makeRateRow, serveRateSheet } from '../../../testing/rate-sheet-fixtures';
import { renderApp, signedInState } from '../../../testing/render';
import { api, failure, server, success } from '../../../testing/server';

// The first test waits for the console's lazy chunk too.
const TIMEOUT = { timeout: 10_000 };

// jsdom lays nothing out: give every element a size so the sheet's virtual list draws rows.
const sizes = ['clientHeight', 'clientWidth'] as const;
beforeAll(() => {
  for (const size of sizes) {
    Object.defineProperty(HTMLElement.prototype, size, { configurable: true, value: 600 });
  }
});
afterAll(() => {
  for (const size of sizes) Reflect.deleteProperty(HTMLElement.prototype, size);
});

const renderSheet = () =>
  renderApp('/console/rates', { preloadedState: signedInState({ role: 'operator' }) });

const waitingList = () =>
  screen.findByRole('list', { name: 'Rates waiting for a second approval' }, TIMEOUT);
const itemOf = (list: HTMLElement, label: string) =>
  within(list).getByRole('listitem', { name: new RegExp(`^${label}`) });
const rateInput = (label: string) => screen.getByRole('textbox', { name: `Rate for ${label}` });

describe('rates waiting for a second approval', () => {
  it('shows a loading state, then says when nothing waits', async () => {
    serveRateSheet([makeRateRow()]);
    server.use(
      http.get(api('/admin/catalog/rate_changes'), async () => {
        await delay(300);
        return success({ data: [], meta: { page: 1, size: 10, total: 0, totalPages: 0 } });
      }),
    );
    renderSheet();
    expect(
      await screen.findByRole(
        'status',
        { name: 'Loading the rates waiting for a second approval' },
        TIMEOUT,
      ),
    ).toBeVisible();
    expect(
      await screen.findByText('No rates are waiting for a second approval.', {}, TIMEOUT),
    ).toBeVisible();
    expect(
      screen.getByRole('heading', { name: 'Waiting for a second approval' }),
    ).toBeInTheDocument();
  });

  it('confirms a colleague’s rate from the keyboard: it is published and leaves the list', async () => {
    const apple = makeRateRow({ card_name: 'Apple', name: 'USA', rate: 1000 });
    const change = makeRateChange(apple, { to_rate: 1250 });
    const sheet = serveRateSheet([apple], 50, [change]);
    const { user } = renderSheet();
    const list = await waitingList();
    expect(
      screen.getByRole('heading', { name: 'Waiting for a second approval (1)' }),
    ).toBeVisible();
    const item = itemOf(list, 'Apple / USA');
    expect(item).toHaveTextContent('Waiting for a second approval');
    expect(item).toHaveTextContent('₦1,000.00 → ₦1,250.00 +25.0 %');
    expect(item).toHaveTextContent('Asked by Tunde Bakare on 25 Nov 2026, 08:30');

    const confirm = within(item).getByRole('button', { name: 'Confirm the rate for Apple / USA' });
    expect(confirm).toBeEnabled();
    confirm.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Publish this rate?' });
    expect(dialog).toHaveTextContent('Apple / USA₦1,000.00 → ₦1,250.00 +25.0 %');
    expect(dialog).toHaveTextContent('Asked by Tunde Bakare');
    // Escape leaves it as it was; the second time, it is confirmed.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sheet.decisions).toEqual([]);
    confirm.focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Confirm and publish' }));

    expect(await screen.findByText('Rate for Apple / USA published.', {}, TIMEOUT)).toBeVisible();
    expect(sheet.decisions).toEqual([{ id: change.id, action: 'confirm' }]);
    expect(
      await screen.findByText('No rates are waiting for a second approval.', {}, TIMEOUT),
    ).toBeVisible();
    await waitFor(() => {
      expect(rateInput('Apple / USA')).toHaveValue('1250');
    }, TIMEOUT);
  });

  it('sends a rate back only with a reason', async () => {
    const steam = makeRateRow({ card_name: 'Steam', name: 'UK', currency: 'GBP', rate: 1500 });
    const change = makeRateChange(steam, { to_rate: 15000 });
    const sheet = serveRateSheet([steam], 50, [change]);
    const { user } = renderSheet();
    const item = itemOf(await waitingList(), 'Steam / UK');
    await user.click(
      within(item).getByRole('button', { name: 'Send back the rate for Steam / UK' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Send this rate back?' });
    expect(dialog).toHaveTextContent('₦1,500.00 → ₦15,000.00');
    const reason = within(dialog).getByRole('textbox', { name: 'Why it goes back' });
    expect(reason).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Send back' }));
    expect(await within(dialog).findByText('Say why the rate is sent back')).toBeVisible();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(sheet.decisions).toEqual([]);

    await user.type(reason, 'One zero too many');
    await user.click(within(dialog).getByRole('button', { name: 'Send back' }));
    expect(
      await screen.findByText('Rate change for Steam / UK sent back.', {}, TIMEOUT),
    ).toBeVisible();
    expect(sheet.decisions).toEqual([
      { id: change.id, action: 'return', reason: 'One zero too many' },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      await screen.findByText('No rates are waiting for a second approval.', {}, TIMEOUT),
    ).toBeVisible();
    expect(rateInput('Steam / UK')).toHaveValue('1500');
  });

  it('keeps Confirm off, and says why, when the rate in force moved since the change was asked', async () => {
    const row = makeRateRow({ card_name: 'Google', name: 'USA', rate: 1050 });
    serveRateSheet([row], 50, [makeRateChange(row, { from_rate: 1000, to_rate: 1300 })]);
    renderSheet();
    const item = itemOf(await waitingList(), 'Google / USA');
    const confirm = within(item).getByRole('button', { name: 'Confirm the rate for Google / USA' });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAccessibleDescription(
      'The rate in force is now ₦1,050.00, not the ₦1,000.00 this change was asked against, so it cannot be confirmed. Send it back and ask again.',
    );
    expect(
      within(item).getByRole('button', { name: 'Send back the rate for Google / USA' }),
    ).toBeEnabled();
  });

  it('toasts a refused confirmation in the API’s words and keeps the change listed', async () => {
    const row = makeRateRow({ card_name: 'Xbox', name: 'USA', rate: 1000 });
    serveRateSheet([row], 50, [makeRateChange(row, { to_rate: 1500 })]);
    const refusal =
      'Bola Ade and you cannot be each other’s second pair of eyes: one of you made the other staff. Ask another colleague to confirm it.';
    server.use(
      http.post(api('/admin/catalog/rate_changes/:id/confirm'), () => failure(409, refusal, 'id')),
    );
    const { user } = renderSheet();
    const item = itemOf(await waitingList(), 'Xbox / USA');
    await user.click(within(item).getByRole('button', { name: 'Confirm the rate for Xbox / USA' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm and publish' }));
    expect(await screen.findByText(refusal, {}, TIMEOUT)).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(itemOf(await waitingList(), 'Xbox / USA')).toBeVisible();
  });

  it('pages through a long list ten at a time', async () => {
    const rows = Array.from({ length: 12 }, (_, index) =>
      makeRateRow({ card_name: 'Many', name: `Line ${String(index + 1)}` }),
    );
    serveRateSheet(
      rows,
      50,
      rows.map((row) => makeRateChange(row)),
    );
    const { user } = renderSheet();
    expect(within(await waitingList()).getAllByRole('listitem')).toHaveLength(10);
    const pages = screen.getByRole('navigation', { name: 'Pages of waiting rates' });
    expect(pages).toHaveTextContent('Page 1 of 2');
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => {
      expect(pages).toHaveTextContent('Page 2 of 2');
    });
    await waitFor(async () => {
      expect(within(await waitingList()).getAllByRole('listitem')).toHaveLength(2);
    }, TIMEOUT);
  });
});
