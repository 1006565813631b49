import { call, confirmedPerson } from './support/accounts';
import { apiLogin, createPendingTrade, OPERATOR } from './support/money';
import { describe, expect, test } from './support/test';
import { signIn } from './support/ui';

/**
 * Decision 069: a seller's open trade page turns to Approved, and the bell's count rises, the
 * moment an operator's decision is committed: no reload, no focus, no waiting for a poll (the
 * bell polls every 30 s, the page every 5 s; the stream's word arrives well within both).
 */
describe('live updates', () => {
  test('the open trade page turns to Approved and the bell rises without a reload when an operator decides', async ({
    page,
    step,
    baseUrl,
  }) => {
    const seller = await confirmedPerson(baseUrl);
    const trade = await createPendingTrade(baseUrl, seller);
    const header = page.getByRole('banner');
    const main = page.getByRole('main');

    await step('sign in and open the pending trade: the live stream opens', async () => {
      await signIn(page, seller.email, seller.password);
      const streamOpened = page.waitForResponse(
        (response) => response.url().endsWith('/api/v1/events') && response.status() === 200,
      );
      await page.goto(`/dashboard/transaction-history/trades/${trade.id}`);
      await main.getByText(trade.reference).first().waitFor();
      await main.getByText('Pending', { exact: true }).first().waitFor();
      await header.getByRole('button', { name: 'Notices', exact: true }).waitFor();
      const response = await streamOpened;
      // The token went in the header: the stream's address carries none.
      expect(response.url()).not.toMatch(/token|authorization/i);
    });

    let decidedAt = 0;
    await step(`the operator approves ${trade.reference} through the API`, async () => {
      const operator = await apiLogin(baseUrl, OPERATOR.email, OPERATOR.password);
      await call(baseUrl, 'POST', `/api/v1/admin/trades/${trade.id}/approve`, {}, operator.token);
      decidedAt = Date.now();
    });

    await step('the page says Approved and the bell shows 1 unread, with no reload', async () => {
      await main.getByText('Approved', { exact: true }).first().waitFor({ timeout: 4_000 });
      const bell = header.getByRole('button', { name: 'Notices, 1 unread' });
      await bell.waitFor({ timeout: 4_000 });
      expect(await bell.textContent()).toBe('1');
      // Well before the bell's 30 s poll could have asked.
      expect(Date.now() - decidedAt).toBeLessThan(10_000);
      // Still the same document: nothing reloaded it.
      expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    });
  });
});
