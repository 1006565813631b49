import { confirmedPerson } from './support/accounts';
import { fundWallet, setPin } from './support/money';
import { describe, test } from './support/test';
import { signIn, waitForPath } from './support/ui';

const PIN = '2580';
/** Guaranty Trust Bank, a NUBAN-valid number the sandbox resolves and pays. */
const ACCOUNT = '0152704363';
const VERIFICATION = '/dashboard/settings/verification';
const TIER_1_SINGLE =
  'Your tier lets you withdraw ₦200,000 at a time. Verify your NIN to raise it to ₦1,000,000.';

describe('KYC tiers (decision 063)', () => {
  test('Settings › Verification leads a seller from tier 0 to 2, and the withdraw form follows', async ({
    page,
    step,
    baseUrl,
  }) => {
    const person = await confirmedPerson(baseUrl);
    await fundWallet(baseUrl, person, 5_000);
    await setPin(baseUrl, person, PIN);
    const main = page.getByRole('main');
    // Their own numbers: one BVN and one NIN per account, and the browser tests share one
    // database. The sandbox's NINs starting with 1 are the holder's own.
    const stamp = String(Date.now()).slice(-10);

    await step('sign in and open Settings › Verification: tier 0, the BVN first', async () => {
      await signIn(page, person.email, person.password);
      await page.goto(VERIFICATION);
      await main.getByText('You are at tier 0: verify your BVN to start withdrawing.').waitFor();
      await main.getByRole('link', { name: 'Verify your BVN' }).click();
      await waitForPath(page, '/dashboard/verify-bvn');
    });
    await step('verify the BVN and come back at tier 1, with the NIN form', async () => {
      await main.getByLabel('BVN', { exact: true }).fill(`6${stamp}`);
      await main.getByRole('button', { name: 'Verify BVN' }).click();
      await waitForPath(page, VERIFICATION);
      await main.getByText(/You are at tier 1\./).waitFor();
      await main.getByRole('heading', { name: 'Next: tier 2' }).waitFor();
    });
    await step('the withdraw form refuses more than tier 1 allows, in its words', async () => {
      await page.getByRole('banner').getByRole('link', { name: 'Withdraw' }).click();
      await main.getByText(/Your verification tier is 1: ₦200,000\.00 left today\./).waitFor();
      await main.getByRole('combobox', { name: 'Bank' }).click();
      await main.getByRole('option', { name: 'Guaranty Trust Bank' }).click();
      await main.getByLabel('Account number').fill(ACCOUNT);
      await main.getByLabel('Amount').fill('250000');
      await main.getByRole('button', { name: 'Continue' }).click();
      await main.getByText(TIER_1_SINGLE).waitFor();
    });
    await step('verify the NIN: tier 2, and tier 3 says an operator checks documents', async () => {
      await main.getByRole('link', { name: 'Raise your limit' }).click();
      await waitForPath(page, VERIFICATION);
      await main.getByLabel('NIN', { exact: true }).fill(`1${stamp}`);
      await main.getByRole('button', { name: 'Verify NIN' }).click();
      await main.getByText(/You are at tier 2\./).waitFor();
      await main
        .getByText('Tier 3 needs an operator to check your documents', { exact: false })
        .waitFor();
    });
    await step('the same amount now passes the tier and meets only the balance', async () => {
      await page.getByRole('banner').getByRole('link', { name: 'Withdraw' }).click();
      await main.getByRole('combobox', { name: 'Bank' }).click();
      await main.getByRole('option', { name: 'Guaranty Trust Bank' }).click();
      await main.getByLabel('Account number').fill(ACCOUNT);
      await main.getByLabel('Amount').fill('250000');
      await main.getByRole('button', { name: 'Continue' }).click();
      await main.getByText(/is not enough for ₦250,000\.00 plus the ₦50\.00 fee/).waitFor();
      if ((await main.getByText(TIER_1_SINGLE).count()) > 0) {
        throw new Error('the tier-1 limit still refuses at tier 2');
      }
    });
  });
});
