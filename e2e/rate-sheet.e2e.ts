import { SECOND_APPROVAL_WAITING } from '@karta/shared/constants';
import { FOUR_EYES_MESSAGES } from '@karta/shared/four-eyes';
import { call } from './support/accounts';
import { cardWithTwoRates } from './support/admin-catalog';
import { openConsoleDesk } from './support/console';
import { E2E_ADMIN } from './support/harness.mjs';
import { apiLogin, OPERATOR } from './support/money';
import {
  confirmWaitingRate,
  pasteRateSheet,
  publishDraft,
  rateField,
  reviewDraft,
  showCardOnRateSheet,
  waitingRateChange,
} from './support/rate-desk';
import { describe, expect, test } from './support/test';
import { signInToConsole } from './support/ui';

describe('rate sheet', () => {
  test('an admin pastes tomorrow’s rate sheet and publishes it; the rate that moves more than 20 % waits until a second operator confirms it, and sellers see each rate when it is published', async ({
    page,
    secondPage,
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
    const physicalRow = `${name} / USA physical`;
    const ecodeRow = `${name} / USA e-code, fast`;
    /** The card's rates as the public rate calculator reads them, by subcategory id. */
    const publicRates = async () => {
      const listed = (await call(
        baseUrl,
        'GET',
        `/api/v1/card/get_gift_card_category/${cardId}`,
      )) as { data: { data: { id: string; rate: number }[] } };
      return listed.data.data.map(({ id, rate }) => [id, rate]).sort();
    };

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
    await step(
      'review: old → new, the big move marked as waiting for a second approval, then publish',
      async () => {
        const changes = await reviewDraft(page, [
          '₦1,000.00 → ₦1,050.00 +5.0 %',
          '₦900.00 → ₦1,200.00 +33.3 %',
        ]);
        await expect.poll(() => changes.nth(1).getAttribute('data-big-move')).toBe('true');
        await expect.poll(() => changes.nth(1).getAttribute('data-waits')).toBe('true');
        await expect
          .poll(() => changes.nth(1).textContent())
          .toContain(`${SECOND_APPROVAL_WAITING}: +33.3 %`);
        await expect.poll(() => changes.nth(0).getAttribute('data-waits')).toBe(null);
        await publishDraft(page, { [physicalRow]: '1050' }, { [ecodeRow]: '900' });
      },
    );
    await step(
      'the rate that waits is listed, and the admin who asked cannot confirm it',
      async () => {
        const item = await waitingRateChange(page, ecodeRow);
        await expect.poll(() => item.textContent()).toContain('₦900.00 → ₦1,200.00 +33.3 %');
        const confirm = item.getByRole('button', { name: `Confirm the rate for ${ecodeRow}` });
        expect(await confirm.isDisabled()).toBe(true);
        await item.getByText(FOUR_EYES_MESSAGES.SAME_RATE_REQUESTER).waitFor();
      },
    );
    await step('sellers still see the rate in force for the one that waits', async () => {
      expect(await publicRates()).toEqual(
        [
          [physicalId, 1050],
          [ecodeId, 900],
        ].sort(),
      );
    });
    await step(
      'a second operator, in their own browser, confirms it from the list',
      async () => {
        await signInToConsole(secondPage, '/console/rates', OPERATOR);
        await showCardOnRateSheet(secondPage, name, { rows: 2, row: ecodeRow, rate: '900' });
        await confirmWaitingRate(secondPage, ecodeRow);
        await expect.poll(() => rateField(secondPage, ecodeRow).inputValue()).toBe('1200');
      },
      secondPage,
    );
    await step('the public rate calculator reads the new rates', async () => {
      expect(await publicRates()).toEqual(
        [
          [physicalId, 1050],
          [ecodeId, 1200],
        ].sort(),
      );
    });
    await step(
      'the audit trail has the request and its confirmation, each by its person',
      async () => {
        const trail = (await call(
          baseUrl,
          'GET',
          `/api/v1/admin/audit?target_type=gift_card_subcategory&target_id=${ecodeId}`,
          undefined,
          token,
        )) as {
          data: {
            data: { action: string; actor: { email: string }; before: unknown; after: unknown }[];
          };
        };
        // Newest first: the confirmation by the operator, then the admin's request.
        expect(trail.data.data.slice(0, 2)).toMatchObject([
          {
            action: 'catalog.rate_change.confirmed',
            actor: { email: OPERATOR.email },
            before: { rate: 900 },
            after: { rate: 1200 },
          },
          {
            action: 'catalog.rate_change.requested',
            actor: { email: E2E_ADMIN.email },
            before: { rate: 900 },
            after: { rate: 1200, status: 'waiting' },
          },
        ]);
      },
    );
  });
});
