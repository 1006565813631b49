import { call } from './support/accounts';
import { cardWithTwoRates } from './support/admin-catalog';
import { openConsoleDesk } from './support/console';
import { E2E_ADMIN } from './support/harness.mjs';
import { apiLogin } from './support/money';
import {
  pasteRateSheet,
  publishDraft,
  reviewDraft,
  showCardOnRateSheet,
} from './support/rate-desk';
import { describe, expect, test } from './support/test';
import { signInToConsole } from './support/ui';

describe('rate sheet', () => {
  test('an admin pastes tomorrow’s rate sheet, reviews it and publishes it, and sellers see the new rates', async ({
    page,
    step,
    baseUrl,
  }) => {
    const name = `Rate Sheet ${String(Date.now()).slice(-6)}`;
    const { token } = await apiLogin(baseUrl, E2E_ADMIN.email, E2E_ADMIN.password);
    const { cardId, physicalId, ecodeId } = await cardWithTwoRates(baseUrl, token, {
      card: name,
      physical: 'USA physical',
      ecode: 'USA e-code, fast',
    });
    const main = page.getByRole('main');

    await step('the admin opens the rate sheet from the console and finds the card', async () => {
      await signInToConsole(page, '/console', E2E_ADMIN);
      await openConsoleDesk(page, 'Rates');
      await showCardOnRateSheet(page, name, {
        rows: 2,
        row: `${name} / USA physical`,
        rate: '1000',
      });
    });
    await step('paste the sheet copied from a spreadsheet', async () => {
      await pasteRateSheet(
        page,
        [
          'Subcategory\tRate',
          `${name} / USA physical\t₦1,050.00`,
          `${ecodeId}\t1,200`,
          `${name} / Nowhere\t700`,
        ],
        2,
      );
      const unused = main.getByRole('list', { name: 'Lines not used' });
      await unused.getByText(`We could not find "${name} / Nowhere"`, { exact: false }).waitFor();
    });
    await step('review: old → new, the big move marked, then publish', async () => {
      const changes = await reviewDraft(page, [
        '₦1,000.00 → ₦1,050.00 +5.0 %',
        '₦900.00 → ₦1,200.00 +33.3 %',
      ]);
      await expect.poll(() => changes.nth(1).getAttribute('data-big-move')).toBe('true');
      await publishDraft(page, {
        [`${name} / USA physical`]: '1050',
        [`${name} / USA e-code, fast`]: '1200',
      });
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
