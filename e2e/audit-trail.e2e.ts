import { call } from './support/accounts';
import { E2E_ADMIN } from './support/harness.mjs';
import { apiLogin } from './support/money';
import { describe, expect, test } from './support/test';
import { signInToConsole, waitForPath } from './support/ui';

interface Created {
  data: { id: string };
}

/** A card of its own with one subcategory at ₦1,000, made through the admin API. */
async function subcategoryToReprice(baseUrl: string, token: string, name: string) {
  const card = (await call(
    baseUrl,
    'POST',
    '/api/v1/admin/catalog/cards',
    { name: `Audit card ${name}`, brand_colour: '#0b7a4b' },
    token,
  )) as Created;
  const subcategory = (await call(
    baseUrl,
    'POST',
    `/api/v1/admin/catalog/cards/${card.data.id}/subcategories`,
    { name, currency: 'USD', rate: '1000.00', min_amount: 10, max_amount: 500 },
    token,
  )) as Created;
  return subcategory.data.id;
}

describe('audit trail', () => {
  test('an admin changes a rate, finds the change in the audit trail by its action, and follows it to the rate sheet', async ({
    page,
    step,
    baseUrl,
  }) => {
    const name = `Audit USA ${String(Date.now()).slice(-6)}`;
    const { token } = await apiLogin(baseUrl, E2E_ADMIN.email, E2E_ADMIN.password);
    const subcategoryId = await subcategoryToReprice(baseUrl, token, name);
    await call(
      baseUrl,
      'POST',
      '/api/v1/admin/catalog/rates',
      { rates: [{ id: subcategoryId, rate: '1250.50' }] },
      token,
    );
    const main = page.getByRole('main');

    await step('the admin opens the audit trail from the console', async () => {
      await signInToConsole(page, '/console', E2E_ADMIN);
      await page
        .getByRole('navigation', { name: 'Operator console' })
        .getByRole('link', { name: 'Audit trail' })
        .click();
      await waitForPath(page, '/console/audit');
      await main.getByRole('heading', { level: 1, name: 'Audit trail' }).waitFor();
    });
    await step('filters by the action "Rate changed"', async () => {
      await main.getByText('Actions (all)').click();
      await main.getByRole('checkbox', { name: 'Rate changed' }).check();
      await main.getByRole('button', { name: 'Apply filters' }).click();
      await expect
        .poll(() => new URL(page.url()).searchParams.get('action'))
        .toBe('catalog.subcategory.rate');
      await main.getByRole('link', { name: 'Clear filters' }).waitFor();
    });
    const link = page.getByRole('link', { name: `Open Subcategory ${name} (Rate changed)` });
    await step('sees the rate change with old → new', async () => {
      const row = main.getByRole('listitem').filter({ has: link });
      await row.waitFor();
      const changes = row.getByRole('list', { name: 'Changes' });
      expect(await changes.textContent()).toContain('Rate:₦1,000.00→₦1,250.50');
      expect(await row.textContent()).toContain(E2E_ADMIN.email);
      // Every row on the page is a rate change: the filter reached the API.
      const labels = await main.getByRole('heading', { level: 3 }).allTextContents();
      expect(new Set(labels)).toEqual(new Set(['Rate changed']));
    });
    await step('follows the link to the rate sheet', async () => {
      await link.click();
      await waitForPath(page, '/console/rates');
      await main.getByRole('heading', { level: 1, name: 'Rate sheet' }).waitFor();
    });
  });
});
