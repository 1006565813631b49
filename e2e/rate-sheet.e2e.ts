import { call } from './support/accounts';
import { addCard, addSubcategory } from './support/admin-catalog';
import { E2E_ADMIN } from './support/harness.mjs';
import { apiLogin } from './support/money';
import { describe, expect, test } from './support/test';
import { signInToConsole, waitForPath, waitForToast } from './support/ui';

/** A card of its own with two subcategories, made through the admin API, as a start. */
async function cardWithTwoRates(baseUrl: string, token: string, name: string) {
  const cardId = await addCard(baseUrl, token, name);
  return {
    cardId,
    physicalId: await addSubcategory(baseUrl, token, {
      cardId,
      name: 'USA physical',
      rate: '1000.00',
    }),
    ecodeId: await addSubcategory(baseUrl, token, {
      cardId,
      name: 'USA e-code, fast',
      rate: '900.00',
    }),
  };
}

describe('rate sheet', () => {
  test('an admin pastes tomorrow’s rate sheet, reviews it and publishes it, and sellers see the new rates', async ({
    page,
    step,
    baseUrl,
  }) => {
    const name = `Rate Sheet ${String(Date.now()).slice(-6)}`;
    const { token } = await apiLogin(baseUrl, E2E_ADMIN.email, E2E_ADMIN.password);
    const { cardId, physicalId, ecodeId } = await cardWithTwoRates(baseUrl, token, name);
    const main = page.getByRole('main');

    await step('the admin opens the rate sheet from the console and finds the card', async () => {
      await signInToConsole(page, '/console', E2E_ADMIN);
      await page
        .getByRole('navigation', { name: 'Operator console' })
        .getByRole('link', { name: 'Rates' })
        .click();
      await waitForPath(page, '/console/rates');
      await main.getByRole('heading', { level: 1, name: 'Rate sheet' }).waitFor();
      await main.getByLabel('Card').fill(name);
      await main.getByRole('button', { name: 'Filter' }).click();
      const table = main.getByRole('table', { name: 'Rate sheet' });
      await expect.poll(() => table.getByRole('row').count()).toBe(3);
      await expect
        .poll(() =>
          table.getByRole('textbox', { name: `Rate for ${name} / USA physical` }).inputValue(),
        )
        .toBe('1000');
    });
    await step('paste the sheet copied from a spreadsheet', async () => {
      await main.getByRole('button', { name: 'Paste a rate sheet' }).click();
      const dialog = page.getByRole('dialog', { name: 'Paste a rate sheet' });
      await dialog
        .getByLabel('Rows from your spreadsheet')
        .fill(
          [
            'Subcategory\tRate',
            `${name} / USA physical\t₦1,050.00`,
            `${ecodeId}\t1,200`,
            `${name} / Nowhere\t700`,
          ].join('\n'),
        );
      await dialog.getByRole('button', { name: 'Fill the draft' }).click();
      await waitForToast(page, '2 pasted rates read.');
      const unused = main.getByRole('list', { name: 'Lines not used' });
      await unused.getByText(`We could not find "${name} / Nowhere"`, { exact: false }).waitFor();
      await main.getByText('2 rates changed in the draft').waitFor();
    });
    await step('review: old → new, the big move marked, then publish', async () => {
      await main.getByRole('button', { name: 'Review changes' }).click();
      const changes = main.getByRole('list', { name: 'Rate changes' }).getByRole('listitem');
      await expect.poll(() => changes.count()).toBe(2);
      await expect
        .poll(() => changes.nth(0).textContent())
        .toContain('₦1,000.00 → ₦1,050.00 +5.0 %');
      await expect
        .poll(() => changes.nth(1).textContent())
        .toContain('₦900.00 → ₦1,200.00 +33.3 %');
      await expect.poll(() => changes.nth(1).getAttribute('data-big-move')).toBe('true');
      await main.getByRole('button', { name: 'Publish 2 rates' }).click();
      await waitForToast(page, '2 rates published.');
      await expect
        .poll(() =>
          main.getByRole('textbox', { name: `Rate for ${name} / USA e-code, fast` }).inputValue(),
        )
        .toBe('1200');
    });
    await step('the public rate calculator reads the new rates', async () => {
      const listed = (await call(
        baseUrl,
        'GET',
        `/api/v1/card/get_gift_card_category/${cardId}`,
      )) as { data: { data: { id: string; rate: number }[] } };
      expect(listed.data.data.map(({ id, rate }) => [id, rate]).sort()).toEqual(
        [
          [physicalId, 1050],
          [ecodeId, 1200],
        ].sort(),
      );
    });
    await step('the change is in the audit trail, with who made it', async () => {
      const trail = (await call(
        baseUrl,
        'GET',
        `/api/v1/admin/audit?target_type=gift_card_subcategory&target_id=${ecodeId}`,
        undefined,
        token,
      )) as { data: { data: { action: string; before: unknown; after: unknown }[] } };
      expect(trail.data.data[0]).toMatchObject({
        action: 'catalog.subcategory.rate',
        before: { rate: 900 },
        after: { rate: 1200 },
      });
    });
  });
});
