import { call } from './support/accounts';
import { expectRateChangeInTrail, filterAuditByAction, rateChangeLink } from './support/audit-desk';
import { openConsoleDesk } from './support/console';
import { E2E_ADMIN } from './support/harness.mjs';
import { apiLogin } from './support/money';
import { describe, test } from './support/test';
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
      { rates: [{ id: subcategoryId, rate: '1150.50' }] },
      token,
    );
    const main = page.getByRole('main');

    await step('the admin opens the audit trail from the console', async () => {
      await signInToConsole(page, '/console', E2E_ADMIN);
      await openConsoleDesk(page, 'Audit trail');
    });
    await step('filters by the action "Rate changed"', async () => {
      await filterAuditByAction(page, 'Rate changed', 'catalog.subcategory.rate');
    });
    await step('sees the rate change with old → new', async () => {
      await expectRateChangeInTrail(page, {
        subcategory: name,
        from: '₦1,000.00',
        to: '₦1,150.50',
        actor: E2E_ADMIN.email,
      });
    });
    await step('follows the link to the rate sheet', async () => {
      await rateChangeLink(page, name).click();
      await waitForPath(page, '/console/rates');
      await main.getByRole('heading', { level: 1, name: 'Rate sheet' }).waitFor();
    });
  });
});
