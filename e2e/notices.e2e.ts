import { call, confirmedPerson } from './support/accounts';
import { formatKobo } from './support/catalog';
import { apiLogin, createPendingTrade, OPERATOR } from './support/money';
import { describe, expect, test } from './support/test';
import { signIn, waitForPath } from './support/ui';

const PHONE = { width: 360, height: 740 };

describe('notices', () => {
  test('on a 360 px phone, the bell tells the seller their trade was approved, with the amount, and links to it', async ({
    page,
    step,
    baseUrl,
  }) => {
    const seller = await confirmedPerson(baseUrl);
    const trade = await createPendingTrade(baseUrl, seller);
    const amount = formatKobo(Math.round(trade.expected_value * 100));
    await page.setViewportSize(PHONE);
    const header = page.getByRole('banner');

    await step('sign in: the bell has nothing unread yet', async () => {
      await signIn(page, seller.email, seller.password);
      await header.getByRole('button', { name: 'Notices', exact: true }).waitFor();
    });

    await step(`the operator approves ${trade.reference} through the API`, async () => {
      const operator = await apiLogin(baseUrl, OPERATOR.email, OPERATOR.password);
      await call(baseUrl, 'POST', `/api/v1/admin/trades/${trade.id}/approve`, {}, operator.token);
    });

    const bell = header.getByRole('button', { name: 'Notices, 1 unread' });
    await step('the bell shows 1 unread (asked again when the tab is focused)', async () => {
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await bell.waitFor();
      await expect.poll(() => bell.textContent()).toBe('1');
      // The header still fits the phone with the bell in it.
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(PHONE.width);
    });

    const panel = page.getByRole('dialog', { name: 'Notices' });
    const notice = panel.getByRole('link', { name: /approved/ });
    await step('open the bell: the approval, with the amount, marked new', async () => {
      await bell.click();
      await notice.waitFor();
      const text = await notice.textContent();
      expect(text).toContain(`Trade approved: ${amount} credited`);
      expect(text).toContain(trade.reference);
      expect(text).toContain('New');
      const box = await panel.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    });

    await step('the count is gone once the bell was opened', async () => {
      await header.getByRole('button', { name: 'Notices', exact: true }).waitFor();
    });

    await step('the notice leads to the trade', async () => {
      await notice.click();
      await waitForPath(page, `/dashboard/transaction-history/trades/${trade.id}`);
      await page.getByRole('main').getByText(trade.reference).first().waitFor();
      await expect.poll(() => panel.count()).toBe(0);
    });

    await step('after a reload the bell stays read', async () => {
      await page.reload();
      await header.getByRole('button', { name: 'Notices', exact: true }).waitFor();
    });
  });
});
