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
  // One retry, for a failure seen once in four whole-suite runs and not reproduced alone (three
  // runs with both processors kept busy): the page was on the sign-in page at the 60 s timeout,
  // with no page error logged. A failed attempt now prints the pages visited and any API answer
  // of 400 or more, with their times, even when the retry passes: to find where the session went.
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
          await page.goto('/dashboard/transaction-history/withdrawal');
          const row = main.getByRole('link', { name: /Guaranty Trust Bank/ }).first();
          await expect
            .poll(
              async () => {
                await page.reload();
                await row.waitFor();
                return row.textContent();
              },
              { timeout: 45_000, interval: 2_000 },
            )
            .toMatch(/Successful/);
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
