import { call, confirmedPerson } from './support/accounts';
import { addCardInCatalog, uploadCardImage } from './support/catalog-desk';
import { openConsoleDesk } from './support/console';
import { E2E_ADMIN } from './support/harness.mjs';
import { apiLogin, sellCard } from './support/money';
import { describe, expect, test } from './support/test';
import { signInToConsole, waitForToast } from './support/ui';

describe('catalog desk', () => {
  test('an admin adds a card with its image and a subcategory, then deactivates the subcategory and is told a trade waits', async ({
    page,
    step,
    baseUrl,
  }) => {
    const name = `Karta Test ${String(Date.now()).slice(-6)}`;
    const subcategoryName = 'USA physical $10–$500';
    const main = page.getByRole('main');
    let cardId = '';

    await step('the admin opens the catalog from the console', async () => {
      await signInToConsole(page, '/console', E2E_ADMIN);
      await openConsoleDesk(page, 'Catalog');
    });
    await step('add the card', async () => {
      cardId = await addCardInCatalog(page, { name, brandColour: '#6B21A8', sortOrder: '7' });
    });
    await step('upload its image over a slow connection, with a progress bar', async () => {
      await uploadCardImage(page, name);
    });
    await step('add a subcategory', async () => {
      const section = main.getByRole('region', { name: 'Subcategories' });
      await section.getByText('No subcategories yet').waitFor();
      await section.getByLabel('Subcategory name').fill(subcategoryName);
      await section.getByLabel('Rate (₦ per unit)').fill('1250.50');
      await section.getByLabel('Smallest card').fill('10');
      await section.getByLabel('Largest card').fill('500');
      await section.getByRole('button', { name: 'Add subcategory' }).click();
      const row = section.getByRole('listitem', { name: subcategoryName });
      await row.getByText('₦1,250.50 per USD').waitFor();
      await row.getByText('Active', { exact: true }).waitFor();
    });
    await step('the card is in the public catalog at once', async () => {
      const listed = (await call(
        baseUrl,
        'GET',
        `/api/v1/card/admin_get_gift_card?card_name=${encodeURIComponent(name)}`,
      )) as { data: { data: { id: string }[] } };
      expect(listed.data.data.map((card) => card.id)).toEqual([cardId]);
    });
    await step('a seller sells a card in it, through the API', async () => {
      const admin = await apiLogin(baseUrl, E2E_ADMIN.email, E2E_ADMIN.password);
      const subcategories = (await call(
        baseUrl,
        'GET',
        `/api/v1/admin/catalog/cards/${cardId}/subcategories`,
        undefined,
        admin.token,
      )) as { data: { id: string }[] };
      const subcategoryId = subcategories.data[0]?.id ?? '';
      await sellCard(baseUrl, await confirmedPerson(baseUrl), { subcategoryId, amount: 25 });
    });
    await step(
      'deactivating the subcategory says one trade waits, and still deactivates',
      async () => {
        const row = main.getByRole('listitem', { name: subcategoryName });
        await row.getByRole('button', { name: `Deactivate ${subcategoryName}` }).click();
        const dialog = page.getByRole('dialog', { name: `Deactivate ${subcategoryName}?` });
        await dialog
          .getByText(
            '1 trade is still waiting for a decision on it. It stays in the review queue and is decided at the rate the seller was given.',
          )
          .waitFor();
        await dialog.getByRole('button', { name: 'Deactivate' }).click();
        await waitForToast(
          page,
          `${subcategoryName} deactivated. 1 trade is still waiting for a decision.`,
        );
        await row.getByText('Inactive').waitFor();
        await row.getByRole('button', { name: `Activate ${subcategoryName}` }).waitFor();
      },
    );
  });
});
