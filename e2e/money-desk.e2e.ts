import { OPERATOR } from './support/money';
import { describe, expect, test } from './support/test';
import { submitLogin, waitForPath, waitForToast } from './support/ui';
import { slowWithdrawal } from './support/withdrawal';

describe('money desk', () => {
  test('an operator finds a slow payout by its reference and re-checks it with the provider', async ({
    page,
    step,
    baseUrl,
  }) => {
    const withdrawal = await slowWithdrawal(baseUrl);
    const main = page.getByRole('main');

    await step('the money desk asks the operator to sign in, then opens', async () => {
      await page.goto('/console/withdrawals');
      await submitLogin(page, OPERATOR.email, OPERATOR.password);
      await waitForPath(page, '/console/withdrawals');
      await main.getByRole('heading', { level: 1, name: 'Money desk' }).waitFor();
    });
    await step('search by the reference and open it', async () => {
      await main
        .getByRole('searchbox', { name: 'Reference, account number, seller name or e-mail' })
        .fill(withdrawal.transaction_id);
      await main.getByRole('button', { name: 'Search' }).click();
      await main.getByText('Showing 1–1 of 1 withdrawals').waitFor();
      await main.getByRole('link', { name: new RegExp(withdrawal.transaction_id) }).click();
      await waitForPath(page, `/console/withdrawals/${withdrawal.id}`);
      await main.getByRole('heading', { level: 1, name: withdrawal.transaction_id }).waitFor();
      await main.getByRole('region', { name: 'Amounts' }).getByText('₦1,050.00').waitFor();
    });
    await step('the payout worker has handed it to the provider', async () => {
      await expect
        .poll(
          async () => {
            await page.reload();
            return main.getByRole('list', { name: 'Payout timeline' }).textContent();
          },
          { timeout: 20_000, interval: 1_000 },
        )
        .toContain('Provider: transfer pending');
    });
    await step('re-check asks the provider now and records its answer', async () => {
      await main.getByRole('button', { name: 'Re-check with the provider' }).click();
      await waitForToast(page, 'Re-checked with the provider: the withdrawal is processing.');
      const timeline = main.getByRole('list', { name: 'Payout timeline' });
      await timeline.getByText(/asked by an operator’s re-check/).waitFor();
      await timeline.getByText(/Re-checked by /).waitFor();
    });
  });
});
