import { call, confirmedPerson } from './support/accounts';
import { formatKobo } from './support/catalog';
import { E2E_ADMIN } from './support/harness.mjs';
import { apiLogin, createPendingTrade, OPERATOR, walletBalanceOf } from './support/money';
import { findQueueRow } from './support/console';
import { describe, expect, test } from './support/test';
import { signInToConsole, submitLogin, waitForPath, waitForToast } from './support/ui';

describe('operator console', () => {
  test('an operator finds a new trade in the queue, approves it, and the seller is credited', async ({
    page,
    step,
    baseUrl,
  }) => {
    const seller = await confirmedPerson(baseUrl);
    const trade = await createPendingTrade(baseUrl, seller);
    const credited = formatKobo(Math.round(trade.expected_value * 100));
    const main = page.getByRole('main');

    await step('the console asks the operator to sign in, then opens the queue', async () => {
      await page.goto('/console/trades');
      await submitLogin(page, OPERATOR.email, OPERATOR.password);
      await waitForPath(page, '/console/trades');
      await main.getByRole('heading', { level: 1, name: 'Trade review' }).waitFor();
    });
    await step(`open ${trade.reference} from the pending queue`, async () => {
      const row = await findQueueRow(main, trade.reference);
      await row.getByRole('link', { name: new RegExp(trade.reference) }).click();
      await main.getByRole('heading', { level: 1, name: `Trade ${trade.reference}` }).waitFor();
      await main.getByText(`${seller.first_name} ${seller.last_name}`).first().waitFor();
    });
    await step('approve at the expected value', async () => {
      const approve = main.getByRole('region', { name: 'Approve' });
      expect(await approve.getByLabel('Naira to credit').inputValue()).toBe(
        trade.expected_value.toFixed(2),
      );
      await approve.getByRole('button', { name: 'Approve trade' }).click();
      const dialog = page.getByRole('dialog', { name: 'Approve this trade?' });
      await dialog.getByText(credited).waitFor();
      await dialog.getByRole('button', { name: 'Approve and credit' }).click();
      await waitForToast(page, `Trade ${trade.reference} approved`);
    });
    await step('the trade shows as approved', async () => {
      const decision = main.getByRole('region', { name: 'Decision' });
      await decision.getByText('Approved by you').waitFor();
      expect(await decision.textContent()).toContain(credited);
      await main.getByRole('button', { name: 'Next pending trade' }).waitFor();
    });
    await step("the seller's wallet holds the credited naira", async () => {
      expect(await walletBalanceOf(baseUrl, seller)).toBe(trade.expected_value);
    });
  });

  test('an operator who opens a trade claims it: a second one sees who and cannot decide it', async ({
    page,
    browser,
    baseUrl,
    step,
  }) => {
    const seller = await confirmedPerson(baseUrl);
    const trade = await createPendingTrade(baseUrl, seller);
    const detail = `/console/trades/${trade.id}`;
    const first = page.getByRole('main');
    const context = await browser.newContext({ baseURL: baseUrl, viewport: page.viewportSize() });
    context.setDefaultTimeout(15_000);
    const secondPage = await context.newPage();
    const second = secondPage.getByRole('main');
    try {
      await step('the demo operator opens the trade and holds it', async () => {
        await signInToConsole(page, detail, OPERATOR);
        const notice = first.getByRole('region', { name: 'Review claim' });
        await notice.getByText(/^You are reviewing this trade until \d{2}:\d{2}\.$/).waitFor();
        await first.getByRole('region', { name: 'Approve' }).waitFor();
      });
      await step('a second operator sees in the queue who is reviewing it', async () => {
        await signInToConsole(secondPage, '/console/trades', E2E_ADMIN);
        const row = await findQueueRow(second, trade.reference);
        await row.getByText(/^Ife Operator is reviewing it until \d{2}:\d{2}$/).waitFor();
        await row.getByRole('link').click();
        await second.getByRole('heading', { level: 1, name: `Trade ${trade.reference}` }).waitFor();
      });
      await step('and cannot decide it, on the page or through the API', async () => {
        const notice = second.getByRole('region', { name: 'Review claim' });
        await notice
          .getByText(/^Ife Operator is reviewing this trade until \d{2}:\d{2}\.$/)
          .waitFor();
        expect(await second.getByRole('region', { name: 'Approve' }).count()).toBe(0);
        expect(await second.getByRole('region', { name: 'Reject' }).count()).toBe(0);
        const admin = await apiLogin(baseUrl, E2E_ADMIN.email, E2E_ADMIN.password);
        await expect(
          call(baseUrl, 'POST', `/api/v1/admin/trades/${trade.id}/approve`, {}, admin.token),
        ).rejects.toThrow(/answered 409: .*Ife Operator is reviewing this trade until/);
      });
      await step('the first operator leaves; the trade is free for the second', async () => {
        await first.getByRole('link', { name: 'Back to the queue' }).click();
        await waitForPath(page, '/console/trades');
        const row = await findQueueRow(first, trade.reference);
        await expect.poll(() => row.textContent()).not.toContain('reviewing');
        await secondPage.reload();
        const notice = second.getByRole('region', { name: 'Review claim' });
        await notice.getByText(/^You are reviewing this trade until \d{2}:\d{2}\.$/).waitFor();
        await second.getByRole('region', { name: 'Approve' }).waitFor();
      });
    } finally {
      await context.close();
    }
  });
});
