import { call, confirmedPerson } from './support/accounts';
import { amazonUsaPhysical, formatKobo } from './support/catalog';
import { E2E_ADMIN } from './support/harness.mjs';
import {
  apiLogin,
  createPendingTrade,
  OPERATOR,
  photoBytes,
  walletBalanceOf,
} from './support/money';
import { describe, expect, test } from './support/test';
import { signIn, signInToConsole, waitForToast } from './support/ui';

/** FOUR_EYES_KOBO's default: ₦500,000. */
const FOUR_EYES_NAIRA = 500_000;
const QUESTION = 'Please add a photo of the back of the card, with the PIN area showing.';
const ANSWER = 'Here is the back of the card.';

describe('ask the seller, and four eyes on a large approval', () => {
  test('an operator asks, the seller answers, a large approval waits, a second operator confirms, the wallet moves once', async ({
    page,
    browser,
    baseUrl,
    step,
  }) => {
    const { subcategory } = await amazonUsaPhysical(baseUrl);
    const amount = Math.ceil(FOUR_EYES_NAIRA / subcategory.rate);
    expect(amount).toBeLessThanOrEqual(subcategory.max_amount);
    const seller = await confirmedPerson(baseUrl);
    const trade = await createPendingTrade(baseUrl, seller, amount);
    expect(trade.expected_value).toBeGreaterThanOrEqual(FOUR_EYES_NAIRA);
    const credited = formatKobo(Math.round(trade.expected_value * 100));
    const detail = `/console/trades/${trade.id}`;
    const console1 = page.getByRole('main');
    const context = await browser.newContext({ baseURL: baseUrl, viewport: page.viewportSize() });
    context.setDefaultTimeout(15_000);
    const other = await context.newPage();
    const main = other.getByRole('main');

    try {
      await step('the operator asks the seller a question', async () => {
        await signInToConsole(page, detail, OPERATOR);
        const ask = console1.getByRole('region', { name: 'Ask the seller' });
        await ask.getByLabel('Question for the seller').fill(QUESTION);
        await ask.getByRole('button', { name: 'Ask the seller' }).click();
        const dialog = page.getByRole('dialog', { name: 'Send this question?' });
        await dialog.getByRole('button', { name: 'Send question' }).click();
        await waitForToast(page, /Question sent to/);
        await console1.getByRole('list', { name: 'Timeline' }).getByText(QUESTION).waitFor();
      });

      await step('the seller reads it on the trade page and answers with a photo', async () => {
        await signIn(other, seller.email, seller.password);
        await other.goto(`/dashboard/transaction-history/trades/${trade.id}`);
        const notice = main.getByRole('region', { name: 'Question from the Karta team' });
        await notice.getByText(QUESTION).waitFor();
        await notice.getByLabel('Your answer').fill(ANSWER);
        await notice.getByLabel('Choose photos').setInputFiles({
          name: 'back.jpg',
          mimeType: 'image/jpeg',
          buffer: await photoBytes(),
        });
        // Added once the picker has read its first bytes.
        await notice.getByRole('img', { name: /back\.jpg/ }).waitFor();
        await notice.getByRole('button', { name: 'Send answer' }).click();
        await waitForToast(
          other,
          'Thank you. Your answer is with our team, and the review continues.',
        );
        const timeline = main.getByRole('list', { name: 'Timeline' });
        await timeline.getByText(ANSWER).waitFor();
        await timeline.getByRole('button', { name: 'Open photo 1 of 1' }).waitFor();
      });

      await step(
        'the trade is back in the queue with the answer; a large approval waits',
        async () => {
          await page.reload();
          const timeline = console1.getByRole('list', { name: 'Timeline' });
          await timeline.getByText('The seller answered').waitFor();
          await timeline.getByText(ANSWER).waitFor();
          const approve = console1.getByRole('region', { name: 'Approve' });
          await approve.getByRole('button', { name: 'Approve trade' }).click();
          const dialog = page.getByRole('dialog', { name: 'Approve this trade?' });
          await dialog.getByRole('button', { name: 'Approve and credit' }).click();
          await waitForToast(page, /a second operator confirms it/);
          const panel = console1.getByRole('region', { name: 'Confirm approval' });
          await panel.getByText('Approved by you', { exact: false }).waitFor();
          expect(await panel.getByRole('button', { name: 'Confirm approval' }).isDisabled()).toBe(
            true,
          );
          expect(await walletBalanceOf(baseUrl, seller)).toBe(0);
        },
      );

      await step('a second operator confirms, and the seller is credited once', async () => {
        await other.context().clearCookies();
        await signInToConsole(other, detail, E2E_ADMIN);
        const panel = main.getByRole('region', { name: 'Confirm approval' });
        await panel.getByText(credited).waitFor();
        await panel.getByRole('button', { name: 'Confirm approval' }).click();
        const dialog = other.getByRole('dialog', { name: 'Confirm and credit?' });
        await dialog.getByRole('button', { name: 'Confirm and credit' }).click();
        await waitForToast(other, `Trade ${trade.reference} confirmed: ${credited} was credited`);
        await main.getByRole('region', { name: 'Decision' }).getByText(credited).waitFor();

        const admin = await apiLogin(baseUrl, E2E_ADMIN.email, E2E_ADMIN.password);
        await expect(
          call(
            baseUrl,
            'POST',
            `/api/v1/admin/trades/${trade.id}/confirm_approval`,
            {},
            admin.token,
          ),
        ).rejects.toThrow(/answered 409/);
        expect(await walletBalanceOf(baseUrl, seller)).toBe(trade.expected_value);
      });
    } finally {
      await context.close();
    }
  });
});
