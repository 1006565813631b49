import { call, confirmedPerson } from './support/accounts';
import { apiLogin, fundWallet, setPin } from './support/money';
import { describe, expect, test } from './support/test';
import { signIn } from './support/ui';

const PIN = '2580';
/** Guaranty Trust Bank, a NUBAN-valid number the sandbox resolves and pays (docs/configuration.md, the sandbox's table). */
const ACCOUNT = '0152704363';

/** A verified BVN (sandbox: any that does not start with 0) and one saved account, by the API. */
async function readyToWithdraw(baseUrl: string, person: { email: string; password: string }) {
  const { token, userId } = await apiLogin(baseUrl, person.email, person.password);
  const bvn = `3${String(Date.now()).slice(-10)}`;
  await call(baseUrl, 'POST', `/api/v1/user/verify_kyc/${userId}`, { bvn }, token);
  const banks = (await call(baseUrl, 'GET', '/api/v1/finance/get_banks', undefined, token)) as {
    data: { id: number; code: string }[];
  };
  const gtbank = banks.data.find((bank) => bank.code === '058');
  if (!gtbank) throw new Error('the sandbox lists no GTBank');
  await call(
    baseUrl,
    'POST',
    `/api/v1/user/add_beneficiary_account/${userId}`,
    { bank_id: gtbank.id, account_bank: gtbank.code, account_number: ACCOUNT },
    token,
  );
}

describe('automatic withdrawal', () => {
  // One retry, for a failure seen in two of five whole-suite runs and not reproduced alone
  // (three runs with both processors kept busy). Its record: 0.3 s after the withdrawal history
  // loaded, the app went to the sign-in page with no request answering 400 or more, as it does
  // when the stored user id is gone at start-up (removing it by hand reproduces exactly that).
  // What removed it is not found yet; a failed attempt prints the pages visited and any API
  // answer of 400 or more with their times, and fails at once when it lands on sign-in.
  test(
    'turned on in Settings on a phone, an approved trade reaches Successful by itself',
    {
      retry: 1,
    },
    async ({ page, step, baseUrl }) => {
      const person = await confirmedPerson(baseUrl);
      await setPin(baseUrl, person, PIN);
      await readyToWithdraw(baseUrl, person);
      const main = page.getByRole('main');

      await step('sign in on a 360 px phone', async () => {
        await signIn(page, person.email, person.password);
        await page.setViewportSize({ width: 360, height: 740 });
      });
      await step('Settings → Automatic withdrawal, with the saved account chosen', async () => {
        await page.goto('/dashboard/settings/account/automatic-withdrawal');
        await main.getByRole('heading', { name: 'Automatic withdrawal is Off' }).waitFor();
        await expect
          .poll(() =>
            main.getByRole('radio', { name: /Guaranty Trust Bank •••• 4363/ }).isChecked(),
          )
          .toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          360,
        );
      });
      await step('the PIN turns it on', async () => {
        await main.getByLabel('PIN', { exact: true }).fill(PIN);
        await main.getByRole('button', { name: 'Turn on automatic withdrawal' }).click();
        await main.getByRole('heading', { name: 'Automatic withdrawal is On' }).waitFor();
        await main.getByText(/Each approved trade goes to Guaranty Trust Bank •••• 4363/).waitFor();
      });
      await step(
        'an operator approves a trade (API); the history shows it Successful',
        async () => {
          await fundWallet(baseUrl, person, 5_000);
          const row = main.getByRole('link', { name: /Guaranty Trust Bank/ }).first();
          // The row, read after each load; a load that ends on the sign-in page fails at once
          // (the session is gone, and waiting out the 45 s would only hide it).
          const rowAfter = async (load: () => Promise<unknown>) => {
            await load();
            const signIn = page.getByRole('heading', { name: 'Welcome Back' });
            await row.or(signIn).first().waitFor();
            if (new URL(page.url()).pathname.startsWith('/login')) {
              throw new Error('signed out while reading the withdrawal history');
            }
            return (await row.textContent()) ?? '';
          };
          let shown = await rowAfter(() => page.goto('/dashboard/transaction-history/withdrawal'));
          const deadline = Date.now() + 45_000;
          while (!/Successful/.test(shown) && Date.now() < deadline) {
            await page.waitForTimeout(2_000);
            shown = await rowAfter(() => page.reload());
          }
          expect(shown).toMatch(/Successful/);
          const text = (await row.textContent()) ?? '';
          expect(text).toContain('Automatic');
          expect(text).toContain('₦4,950.00');
          expect(text).toContain('Total ₦5,000.00');
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth),
          ).toBeLessThanOrEqual(360);
        },
      );
    },
  );
});
