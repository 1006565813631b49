import { confirmedPerson } from './support/accounts';
import { apiLogin, fundWallet, OPERATOR, setPin } from './support/money';
import { describe, expect, test } from './support/test';
import { submitLogin, waitForPath, waitForToast } from './support/ui';

const PIN = '2580';
/** Guaranty Trust Bank, NUBAN-valid; 9997 keeps the sandbox transfer pending for 10 minutes. */
const SLOW_ACCOUNT = '9997000010';

interface Created {
  data: { id: string; transaction_id: string };
}

/** A verified seller asks, through the API, for ₦1,000 to the slow account. */
async function slowWithdrawal(baseUrl: string) {
  const seller = await confirmedPerson(baseUrl);
  await fundWallet(baseUrl, seller, 3_000);
  await setPin(baseUrl, seller, PIN);
  const { token, userId } = await apiLogin(baseUrl, seller.email, seller.password);
  const send = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${baseUrl}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token, ...headers },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${url} answered ${String(response.status)}: ${text}`);
    return JSON.parse(text) as unknown;
  };
  await send(`/api/v1/user/verify_kyc/${userId}`, {
    bvn: `2${String(Date.now()).slice(-10)}`,
  });
  const banks = (await (
    await fetch(`${baseUrl}/api/v1/finance/get_banks`, { headers: { authorization: token } })
  ).json()) as { data: { id: number; code: string }[] };
  const gtbank = banks.data.find((bank) => bank.code === '058');
  if (!gtbank) throw new Error('no Guaranty Trust Bank');
  const created = (await send(
    `/api/v1/transaction/withdrawal_request/${userId}`,
    {
      amount: 1_000,
      pin: PIN,
      bank_id: gtbank.id,
      account_bank: '058',
      account_number: SLOW_ACCOUNT,
    },
    { 'idempotency-key': crypto.randomUUID() },
  )) as Created;
  return created.data;
}

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
