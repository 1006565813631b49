import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signedInState } from '../../../testing/render';
import {
  CARD_ID,
  makeAdminSubcategory,
  serveCatalogDesk,
} from '../../../testing/catalog-desk-fixtures';

// The first test pays for loading the console chunk on a busy machine.
const TIMEOUT = { timeout: 15_000 };
const CARD_URL = `/console/catalog/${CARD_ID}`;

const image = (bytes: number, type = 'image/png') =>
  new File([new Uint8Array(bytes)], 'amazon.png', { type });

const openCard = async () => {
  const view = renderApp(CARD_URL, { preloadedState: signedInState({ role: 'operator' }) });
  await screen.findByRole('heading', { level: 1, name: 'Amazon' }, TIMEOUT);
  return view;
};

describe('a card on the catalog desk', () => {
  it("refuses a too-large or wrong image with the API's words, and uploads a good one", async () => {
    const { writes } = serveCatalogDesk();
    const { user } = await openCard();
    const section = screen.getByRole('region', { name: 'Card image' });
    const input = within(section).getByLabelText('New image');
    await user.upload(input, image(2 * 1024 * 1024 + 1));
    expect(within(section).getByRole('alert')).toHaveTextContent(
      'The image is too large. Upload one of at most 2 MB.',
    );
    // A phone's picker may ignore `accept`: the file arrives anyway and is refused here.
    await userEvent.setup({ applyAccept: false }).upload(input, image(100, 'image/gif'));
    expect(within(section).getByRole('alert')).toHaveTextContent(
      'Upload a JPEG, PNG or WebP image.',
    );
    expect(writes).toEqual([]);

    await user.upload(input, image(2048));
    await user.click(within(section).getByRole('button', { name: 'Upload image' }));
    await waitFor(() => {
      expect(within(section).getByRole('img', { name: 'The image of Amazon' })).toHaveAttribute(
        'src',
        '/api/v1/card/image/new.webp',
      );
    });
    expect(writes).toEqual([
      { method: 'POST', url: `/api/v1/admin/catalog/cards/${CARD_ID}/image`, body: '1 image' },
    ]);
  });

  it("adds a subcategory, showing the API's messages at their fields", async () => {
    const { writes } = serveCatalogDesk();
    const { user } = await openCard();
    const section = screen.getByRole('region', { name: 'Subcategories' });
    await within(section).findByRole('list', { name: 'Subcategories' });
    await user.type(within(section).getByLabelText('Subcategory name'), 'UK physical £50');
    await user.clear(within(section).getByLabelText('Currency'));
    await user.type(within(section).getByLabelText('Currency'), 'gbp');
    await user.type(within(section).getByLabelText('Rate (₦ per unit)'), '1500.555');
    await user.click(within(section).getByRole('button', { name: 'Add subcategory' }));
    expect(
      await within(section).findByText('Enter the rate in naira, with at most 2 decimals'),
    ).toBeVisible();
    expect(writes).toEqual([]);

    const rate = within(section).getByLabelText('Rate (₦ per unit)');
    await user.clear(rate);
    await user.type(rate, '1500.50');
    const largest = within(section).getByLabelText('Largest card');
    await user.clear(largest);
    await user.type(largest, '5');
    await user.click(within(section).getByRole('button', { name: 'Add subcategory' }));
    expect(
      await within(section).findByText('The largest card amount cannot be below the smallest.'),
    ).toBeVisible();

    await user.clear(largest);
    await user.type(largest, '200');
    await user.click(within(section).getByRole('button', { name: 'Add subcategory' }));
    const row = await within(section).findByRole('listitem', { name: 'UK physical £50' });
    expect(row).toHaveTextContent('₦1,500.50 per GBP');
    expect(writes.at(-1)?.body).toEqual({
      name: 'UK physical £50',
      currency: 'GBP',
      rate: '1500.50',
      min_amount: 10,
      max_amount: 200,
      active: true,
      sort_order: 0,
    });
  });

  it('says how many trades wait before a subcategory is deactivated, and can activate it again', async () => {
    const { writes } = serveCatalogDesk({
      subcategories: [makeAdminSubcategory()],
      pending: { 'sub-usa': 2 },
    });
    const { user } = await openCard();
    const row = await screen.findByRole('listitem', { name: 'USA physical $100–$500' }, TIMEOUT);
    await user.click(
      within(row).getByRole('button', { name: 'Deactivate USA physical $100–$500' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Deactivate USA physical $100–$500?' });
    expect(
      await within(dialog).findByText(
        '2 trades are still waiting for a decision on it. They stay in the review queue and are decided at the rate the seller was given.',
      ),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(
      await screen.findByText(
        'USA physical $100–$500 deactivated. 2 trades are still waiting for a decision.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(writes.at(-1)).toEqual({
      method: 'PATCH',
      url: '/api/v1/admin/catalog/subcategories/sub-usa',
      body: { active: false },
    });
    expect(await within(row).findByText('Inactive')).toBeVisible();
    await user.click(within(row).getByRole('button', { name: 'Activate USA physical $100–$500' }));
    expect(await within(row).findByText('Active')).toBeVisible();
  });

  it('deactivates a card with nothing waiting after saying so', async () => {
    const { writes } = serveCatalogDesk();
    const { user } = await openCard();
    await user.click(screen.getByRole('button', { name: 'Deactivate card' }));
    const dialog = screen.getByRole('dialog', { name: 'Deactivate Amazon?' });
    expect(
      await within(dialog).findByText('No trades are waiting for a decision on it.'),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByRole('button', { name: 'Activate card' })).toBeVisible();
    expect(writes).toEqual([
      { method: 'PATCH', url: `/api/v1/admin/catalog/cards/${CARD_ID}`, body: { active: false } },
    ]);
  });
});
