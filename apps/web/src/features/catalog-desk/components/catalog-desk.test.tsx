import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signedInState } from '../../../testing/render';
import { makeAdminCard, serveCatalogDesk } from '../../../testing/catalog-desk-fixtures';

// The first test pays for loading the console chunk on a busy machine.
const TIMEOUT = { timeout: 15_000 };
const operator = () => signedInState({ role: 'operator' });

describe('catalog desk', () => {
  it('lists every card, active or not, each linking to its page', async () => {
    serveCatalogDesk({
      cards: [makeAdminCard(), makeAdminCard({ id: 'card-2', name: 'Steam', active: false })],
    });
    renderApp('/console/catalog', { preloadedState: operator() });
    const list = await screen.findByRole('list', { name: 'Cards' }, TIMEOUT);
    const steam = within(list).getByRole('link', { name: /Steam/ });
    expect(steam).toHaveAttribute('href', '/console/catalog/card-2');
    expect(steam).toHaveTextContent('Inactive');
    expect(within(list).getByRole('link', { name: /Amazon/ })).toHaveTextContent('Active');
    expect(screen.getByRole('link', { name: 'Catalog' })).toHaveAttribute('aria-current', 'page');
  });

  it('says so when there are no cards', async () => {
    serveCatalogDesk({ cards: [] });
    renderApp('/console/catalog', { preloadedState: operator() });
    expect(await screen.findByRole('heading', { name: 'No cards yet' }, TIMEOUT)).toBeVisible();
  });

  it("checks a new card with the API's messages, shows a taken name, then opens the new card", async () => {
    const { writes } = serveCatalogDesk();
    const { user } = renderApp('/console/catalog', { preloadedState: operator() });
    const form = await screen.findByRole('region', { name: 'Add a card' }, TIMEOUT);
    const colour = within(form).getByLabelText('Brand colour');
    await user.clear(colour);
    await user.type(colour, 'green');
    await user.click(within(form).getByRole('button', { name: 'Add card' }));
    expect(await within(form).findByText('Card name is required')).toBeVisible();
    expect(
      within(form).getByText('Enter the brand colour as # and 6 hex digits, such as #1a2b3c'),
    ).toBeVisible();
    expect(writes).toEqual([]);

    await user.type(within(form).getByLabelText('Card name'), 'amazon');
    await user.clear(colour);
    await user.type(colour, '#E21A2C');
    await user.click(within(form).getByRole('button', { name: 'Add card' }));
    expect(
      await within(form).findByText('A gift card with this name already exists.'),
    ).toBeVisible();
    expect(within(form).getByLabelText('Card name')).toHaveFocus();

    await user.clear(within(form).getByLabelText('Card name'));
    await user.type(within(form).getByLabelText('Card name'), "Macy's");
    const sortOrder = within(form).getByLabelText('Sort order');
    await user.clear(sortOrder);
    await user.type(sortOrder, '4');
    await user.click(within(form).getByLabelText('Active: sellers can choose it'));
    await user.click(within(form).getByRole('button', { name: 'Add card' }));
    expect(await screen.findByRole('heading', { level: 1, name: "Macy's" }, TIMEOUT)).toBeVisible();
    await waitFor(() => {
      expect(writes.at(-1)).toEqual({
        method: 'POST',
        url: '/api/v1/admin/catalog/cards',
        body: { name: "Macy's", brand_colour: '#E21A2C', sort_order: 4, active: false },
      });
    });
  });
});
