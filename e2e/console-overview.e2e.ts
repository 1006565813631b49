import { call, confirmedPerson } from './support/accounts';
import { apiLogin, createPendingTrade, OPERATOR } from './support/money';
import { describe, expect, test } from './support/test';
import { submitLogin, waitForPath } from './support/ui';

/** How many trades wait for an operator, as the overview's API says. */
async function pendingCount(baseUrl: string): Promise<number> {
  const { token } = await apiLogin(baseUrl, OPERATOR.email, OPERATOR.password);
  const body = (await call(baseUrl, 'GET', '/api/v1/admin/overview', undefined, token)) as {
    data: { trades: { pending: number } };
  };
  return body.data.trades.pending;
}

describe('console overview', () => {
  test('an operator opens /console, sees a new pending trade counted, and follows the tile to the queue', async ({
    page,
    step,
    baseUrl,
  }) => {
    const before = await pendingCount(baseUrl);
    const seller = await confirmedPerson(baseUrl);
    await createPendingTrade(baseUrl, seller);
    const main = page.getByRole('main');
    const pendingTile = main.getByRole('link', { name: /^Pending trades/ });

    await step('the console asks the operator to sign in, then opens the overview', async () => {
      await page.goto('/console');
      await submitLogin(page, OPERATOR.email, OPERATOR.password);
      await waitForPath(page, '/console');
      await main.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
      await main.getByText(/^Today in Lagos\. Updated \d\d:\d\d/).waitFor();
    });
    await step(
      'the new trade is counted among the pending ones, with the oldest wait',
      async () => {
        await pendingTile.waitFor();
        const figure = (before + 1).toLocaleString('en-NG');
        await expect
          .poll(() => pendingTile.textContent(), { timeout: 10_000 })
          .toMatch(new RegExp(`^Pending trades${figure}Oldest waiting `));
      },
    );
    await step('the tile opens the pending queue', async () => {
      await pendingTile.click();
      await waitForPath(page, '/console/trades');
      await main.getByRole('heading', { level: 1, name: 'Trade review' }).waitFor();
      await main.getByRole('list', { name: 'Pending trades' }).waitFor();
    });
  });
});
