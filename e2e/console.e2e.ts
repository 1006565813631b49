import { call, confirmedPerson } from './support/accounts';
import { formatKobo } from './support/catalog';
import { apiLogin, createPendingTrade, OPERATOR } from './support/money';
import { describe, expect, test } from './support/test';
import { submitLogin, waitForPath, waitForToast } from './support/ui';

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
      await main.getByRole('list', { name: 'Pending trades' }).waitFor();
      const row = main.getByRole('link', { name: new RegExp(trade.reference) });
      // Oldest first: other tests' trades may come before it, on earlier pages.
      while (!(await row.isVisible())) {
        await main.getByRole('button', { name: 'Next' }).click();
        await main.getByRole('list', { name: 'Pending trades' }).waitFor();
      }
      await row.click();
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
      const { token, userId } = await apiLogin(baseUrl, seller.email, seller.password);
      const wallet = (await call(
        baseUrl,
        'GET',
        `/api/v1/transaction/wallet/${userId}`,
        undefined,
        token,
      )) as { data: { balance: number } };
      expect(wallet.data.balance).toBe(trade.expected_value);
    });
  });
});
