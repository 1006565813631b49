import { confirmedPerson } from './support/accounts';
import { fundWallet, setPin } from './support/money';
import { describe, expect, test } from './support/test';
import { signIn, waitForPath } from './support/ui';

const PIN = '2580';
/** Guaranty Trust Bank, a NUBAN-valid number the sandbox resolves and pays (docs/configuration.md, the sandbox's table). */
const ACCOUNT = '0152704363';

describe('withdrawals', () => {
  test('verify the BVN, withdraw to a new account, and see it succeed in the history', async ({
    page,
    step,
    baseUrl,
  }) => {
    const person = await confirmedPerson(baseUrl);
    await fundWallet(baseUrl, person, 5_000);
    await setPin(baseUrl, person, PIN);
    const main = page.getByRole('main');

    await step('sign in', () => signIn(page, person.email, person.password));
    await step('Withdraw asks for the BVN first', async () => {
      await page.getByRole('banner').getByRole('link', { name: 'Withdraw' }).click();
      // Its own BVN: one BVN per account, and the browser tests share one database.
      await main.getByLabel('BVN', { exact: true }).fill(`5${String(Date.now()).slice(-10)}`);
      await main.getByRole('button', { name: 'Verify BVN' }).click();
      await main.getByRole('heading', { level: 1, name: 'Withdraw to your bank' }).waitFor();
    });
    await step('choose the bank and number; the name appears', async () => {
      await main.getByRole('combobox', { name: 'Bank' }).click();
      await main.getByRole('option', { name: 'Guaranty Trust Bank' }).click();
      await main.getByLabel('Account number').fill(ACCOUNT);
      await main
        .getByText(/^[A-Z]+ [A-Z]+$/)
        .first()
        .waitFor();
      await main.getByRole('checkbox', { name: 'Add as beneficiary' }).check();
      await main.getByLabel('Amount').fill('1000');
    });
    await step('Continue shows the confirmation with the fee and total', async () => {
      await main.getByRole('button', { name: 'Continue' }).click();
      await main.getByRole('heading', { name: 'Confirm your withdrawal' }).waitFor();
      await main.getByText('₦1,050.00').first().waitFor();
      await main.getByRole('button', { name: 'Confirm' }).click();
    });
    await step('the PIN sends it', async () => {
      await main.getByLabel('PIN', { exact: true }).fill(PIN);
      await main.getByRole('button', { name: 'Withdraw' }).click();
      await main
        .getByRole('link', { name: 'Go to withdrawal history' })
        .waitFor({ timeout: 20_000 });
    });
    await step('the history shows it successful once the sandbox has paid', async () => {
      await main.getByRole('link', { name: 'Go to withdrawal history' }).click();
      await waitForPath(page, '/dashboard/transaction-history/withdrawal');
      await expect
        .poll(
          async () => {
            await page.reload();
            await main
              .getByRole('link', { name: /Guaranty Trust Bank/ })
              .first()
              .waitFor();
            return main.getByRole('link', { name: /Successful/ }).count();
          },
          { timeout: 45_000, interval: 2_000 },
        )
        .toBe(1);
    });
  });
});
