import { confirmedPerson } from './support/accounts';
import { apiLogin, OPERATOR } from './support/money';
import { describe, expect, test } from './support/test';
import { submitLogin, waitForPath, waitForToast } from './support/ui';

const REASON = 'Issuer reported the cards as stolen';

describe('sellers desk', () => {
  test('an operator finds a seller, suspends them, and the seller cannot sign in', async ({
    page,
    browser,
    baseUrl,
    step,
  }) => {
    const seller = await confirmedPerson(baseUrl);
    const session = await apiLogin(baseUrl, seller.email, seller.password);
    const main = page.getByRole('main');
    const name = `${seller.first_name} ${seller.last_name}`;

    await step('the operator signs in to the sellers desk', async () => {
      await page.goto('/console/users');
      await submitLogin(page, OPERATOR.email, OPERATOR.password);
      await waitForPath(page, '/console/users');
      await main.getByRole('heading', { level: 1, name: 'Sellers' }).waitFor();
    });
    await step('finds the seller by their e-mail, in capitals', async () => {
      await main
        .getByLabel('E-mail, phone, name or referral code')
        .fill(seller.email.toUpperCase());
      await main.getByRole('button', { name: 'Search' }).click();
      const results = main.getByRole('list', { name: 'Sellers found' });
      await results.getByText(seller.email).click();
      await main.getByRole('heading', { level: 1, name }).waitFor();
    });
    await step('suspends the account with a reason, after confirming', async () => {
      await main.getByRole('button', { name: 'Suspend account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Suspend this account?' });
      await dialog.getByLabel('Reason (kept in the audit log)').fill(REASON);
      await dialog.getByRole('button', { name: 'Suspend account' }).click();
      await waitForToast(page, 'Account suspended. Every session has ended.');
      await main.getByRole('button', { name: 'Lift suspension' }).waitFor();
      const actions = main.getByRole('list', { name: 'Console actions' });
      await actions.getByText(`Reason: ${REASON}`).waitFor();
      await main.getByText('No active sessions.').waitFor();
    });
    await step("the seller's session ended at once", async () => {
      const response = await fetch(`${baseUrl}/api/v1/auth/current_user`, {
        headers: { authorization: session.token },
      });
      expect(response.status).toBe(403);
    });
    await step('the seller cannot sign in and is told to contact support', async () => {
      const context = await browser.newContext({ baseURL: baseUrl, viewport: page.viewportSize() });
      context.setDefaultTimeout(15_000);
      try {
        const sellerPage = await context.newPage();
        await sellerPage.goto('/login');
        await submitLogin(sellerPage, seller.email, seller.password);
        await sellerPage
          .getByText(/This account is suspended\. Please contact support at /)
          .waitFor();
        expect(new URL(sellerPage.url()).pathname).toBe('/login');
      } finally {
        await context.close();
      }
    });
  });
});
